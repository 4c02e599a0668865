-- AlterTable
ALTER TABLE "reminders" ADD COLUMN "snoozed_until" DATETIME;

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "expiration_time" DATETIME,
    "device_name" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "push_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subscription_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "topic" TEXT,
    "expires_at" DATETIME NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME,
    "locked_until" DATETIME,
    "delivered_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "push_deliveries_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "push_subscriptions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "push_attempts" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "delivery_id" INTEGER NOT NULL,
    "subscription_id" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "attempted_at" DATETIME NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,
    "next_attempt_at" DATETIME,
    CONSTRAINT "push_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "push_deliveries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_user_id_endpoint_key" ON "push_subscriptions"("user_id", "endpoint");

-- CreateIndex
CREATE INDEX "push_deliveries_state_next_attempt_at_idx" ON "push_deliveries"("state", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "push_deliveries_subscription_id_event_id_key" ON "push_deliveries"("subscription_id", "event_id");

-- CreateIndex
CREATE INDEX "push_attempts_subscription_id_id_idx" ON "push_attempts"("subscription_id", "id");

-- CreateIndex
CREATE INDEX "push_attempts_delivery_id_idx" ON "push_attempts"("delivery_id");
