-- CreateTable
CREATE TABLE "account_deletions" (
    "user_hash" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_deletions_pkey" PRIMARY KEY ("user_hash")
);
