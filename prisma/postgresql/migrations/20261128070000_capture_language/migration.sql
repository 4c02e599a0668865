-- The language capture reads the user's notes in; null lets each request decide (Accept-Language, then the text).
-- AlterTable
ALTER TABLE "users" ADD COLUMN "language" TEXT;
