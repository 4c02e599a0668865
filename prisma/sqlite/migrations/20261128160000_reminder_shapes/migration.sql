-- Reminder shapes (issue 26): a task carries up to 5 reminders, relative to its due time ("before") or at
-- an instant ("at"), each of which may ring again until the task is done ("nag"). The task keeps the list
-- it was given (reminder_specs, JSON; null: just remind_before, as every task written before this); the
-- reminders table holds one schedule per (task, slot). Existing schedules become slot 0, kind before.
-- The table is rebuilt: the migrator runs this with foreign keys off and checks them afterwards.
ALTER TABLE "tasks" ADD COLUMN "reminder_specs" TEXT;

CREATE TABLE "new_reminders" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "task_id" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL DEFAULT 0,
    "kind" TEXT NOT NULL DEFAULT 'before',
    "user_id" TEXT NOT NULL,
    "offset_minutes" INTEGER NOT NULL,
    "due_at" DATETIME NOT NULL,
    "fire_at" DATETIME NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'scheduled',
    "fired_at" DATETIME,
    "late_ms" INTEGER,
    "snoozed_until" DATETIME,
    "nag_every" INTEGER,
    "nag_times" INTEGER,
    "nag_rung" INTEGER NOT NULL DEFAULT 0,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "reminders_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_reminders" ("task_id", "slot", "kind", "user_id", "offset_minutes", "due_at", "fire_at", "state", "fired_at", "late_ms", "snoozed_until", "updated_at")
SELECT "task_id", 0, 'before', "user_id", "offset_minutes", "due_at", "fire_at", "state", "fired_at", "late_ms", "snoozed_until", "updated_at" FROM "reminders";
DROP TABLE "reminders";
ALTER TABLE "new_reminders" RENAME TO "reminders";

-- CreateIndex
CREATE INDEX "reminders_state_fire_at_idx" ON "reminders"("state", "fire_at");

-- CreateIndex
CREATE UNIQUE INDEX "reminders_task_id_slot_key" ON "reminders"("task_id", "slot");
