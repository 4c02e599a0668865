-- Email reminders and the daily digest (issue 26): a person's address and channel settings, the
-- one-click links mails carry, and the outbound mail queue (reminders, confirmations, digests).
-- AlterTable
ALTER TABLE "users" ADD COLUMN "email" TEXT;
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" DATETIME;
ALTER TABLE "users" ADD COLUMN "notify_push" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "users" ADD COLUMN "notify_email" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "digest_enabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "digest_hour" INTEGER NOT NULL DEFAULT 7;

-- CreateTable
CREATE TABLE "email_links" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "task_id" INTEGER,
    "event_id" TEXT,
    "address" TEXT,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    CONSTRAINT "email_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "email_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "event_id" TEXT,
    "task_id" INTEGER,
    "due_at" DATETIME,
    "address" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT NOT NULL,
    "reason" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME,
    "locked_until" DATETIME,
    "sent_at" DATETIME,
    "last_error" TEXT,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "email_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "email_links_token_hash_key" ON "email_links"("token_hash");

-- CreateIndex
CREATE INDEX "email_links_user_id_idx" ON "email_links"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "email_deliveries_dedupe_key_key" ON "email_deliveries"("dedupe_key");

-- CreateIndex
CREATE INDEX "email_deliveries_state_next_attempt_at_idx" ON "email_deliveries"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "email_deliveries_user_id_id_idx" ON "email_deliveries"("user_id", "id");
