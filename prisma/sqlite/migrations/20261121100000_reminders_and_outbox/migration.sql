-- AlterTable
ALTER TABLE "tasks" ADD COLUMN "remind_before" INTEGER;

-- CreateTable
CREATE TABLE "reminders" (
    "task_id" INTEGER NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "offset_minutes" INTEGER NOT NULL,
    "due_at" DATETIME NOT NULL,
    "fire_at" DATETIME NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'scheduled',
    "fired_at" DATETIME,
    "late_ms" INTEGER,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "reminders_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "task_id" INTEGER,
    "occurred_at" DATETIME NOT NULL,
    "payload" TEXT NOT NULL,
    "published_at" DATETIME
);

-- CreateIndex
CREATE INDEX "reminders_state_fire_at_idx" ON "reminders"("state", "fire_at");

-- CreateIndex
CREATE INDEX "events_published_at_id_idx" ON "events"("published_at", "id");

-- CreateIndex
CREATE INDEX "events_user_id_id_idx" ON "events"("user_id", "id");
