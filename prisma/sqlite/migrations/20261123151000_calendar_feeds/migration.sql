-- CreateTable
CREATE TABLE "calendar_feeds" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "token_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");
