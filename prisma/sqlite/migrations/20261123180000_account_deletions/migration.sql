-- CreateTable
CREATE TABLE "account_deletions" (
    "user_hash" TEXT NOT NULL PRIMARY KEY,
    "deleted_at" DATETIME NOT NULL
);
