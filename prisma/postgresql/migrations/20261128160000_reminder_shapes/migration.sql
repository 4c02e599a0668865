-- Reminder shapes (issue 26): a task carries up to 5 reminders, relative to its due time ("before") or at
-- an instant ("at"), each of which may ring again until the task is done ("nag"). The task keeps the list
-- it was given (reminder_specs, JSON; null: just remind_before, as every task written before this); the
-- reminders table holds one schedule per (task, slot). Existing schedules become slot 0, kind before.
ALTER TABLE "tasks" ADD COLUMN "reminder_specs" TEXT;

ALTER TABLE "reminders" DROP CONSTRAINT "reminders_pkey";
ALTER TABLE "reminders" ADD COLUMN "id" BIGSERIAL NOT NULL;
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_pkey" PRIMARY KEY ("id");
ALTER TABLE "reminders" ADD COLUMN "slot" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "reminders" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'before';
ALTER TABLE "reminders" ADD COLUMN "nag_every" INTEGER;
ALTER TABLE "reminders" ADD COLUMN "nag_times" INTEGER;
ALTER TABLE "reminders" ADD COLUMN "nag_rung" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "reminders_task_id_slot_key" ON "reminders"("task_id", "slot");
