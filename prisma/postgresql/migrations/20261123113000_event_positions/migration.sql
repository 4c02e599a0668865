-- AlterTable
ALTER TABLE "events" ADD COLUMN "position" BIGINT;

-- CreateTable
CREATE TABLE "event_sequence" (
    "id" INTEGER NOT NULL,
    "last_position" BIGINT NOT NULL,

    CONSTRAINT "event_sequence_pkey" PRIMARY KEY ("id")
);

-- Events already in the outbox take their places in id order, as the relay would have given them.
UPDATE "events" SET "position" = "ranked"."rn"
FROM (SELECT "id", ROW_NUMBER() OVER (ORDER BY "id") AS "rn" FROM "events") AS "ranked"
WHERE "events"."id" = "ranked"."id";

INSERT INTO "event_sequence" ("id", "last_position") SELECT 1, COALESCE(MAX("position"), 0) FROM "events";

-- DropIndex
DROP INDEX "events_published_at_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "events_position_key" ON "events"("position");

-- CreateIndex
CREATE INDEX "events_published_at_position_idx" ON "events"("published_at", "position");

-- CreateIndex
CREATE INDEX "events_user_id_position_idx" ON "events"("user_id", "position");
