-- AlterTable
ALTER TABLE "events" ADD COLUMN "fanned_out_at" DATETIME;

-- Events recorded before webhooks existed have no endpoint to go to.
UPDATE "events" SET "fanned_out_at" = "occurred_at";

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" DATETIME,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_at" DATETIME,
    "disabled_reason" TEXT,
    "failing_since" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "endpoint_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME,
    "locked_until" DATETIME,
    "delivered_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "delivery_id" INTEGER NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "attempted_at" DATETIME NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,
    "response_body" TEXT,
    "next_attempt_at" DATETIME,
    CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "events_fanned_out_at_id_idx" ON "events"("fanned_out_at", "id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_user_id_id_idx" ON "webhook_endpoints"("user_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_state_endpoint_id_next_attempt_at_idx" ON "webhook_deliveries"("state", "endpoint_id", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_endpoint_id_id_idx" ON "webhook_attempts"("endpoint_id", "id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");
