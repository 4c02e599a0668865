-- AlterTable
ALTER TABLE "tasks" ADD COLUMN "remind_before" INTEGER;

-- CreateTable
CREATE TABLE "reminders" (
    "task_id" BIGINT NOT NULL,
    "user_id" TEXT NOT NULL,
    "offset_minutes" INTEGER NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "fire_at" TIMESTAMPTZ(3) NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'scheduled',
    "fired_at" TIMESTAMPTZ(3),
    "late_ms" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reminders_pkey" PRIMARY KEY ("task_id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "task_id" BIGINT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "payload" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reminders_state_fire_at_idx" ON "reminders"("state", "fire_at");

-- CreateIndex
CREATE INDEX "events_published_at_id_idx" ON "events"("published_at", "id");

-- CreateIndex
CREATE INDEX "events_user_id_id_idx" ON "events"("user_id", "id");

-- AddForeignKey
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
