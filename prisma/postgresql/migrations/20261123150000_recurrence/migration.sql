-- AlterTable
ALTER TABLE "tasks" ADD COLUMN "recurrence" TEXT;

-- CreateTable
CREATE TABLE "task_completions" (
    "id" BIGSERIAL NOT NULL,
    "task_id" BIGINT NOT NULL,
    "user_id" TEXT NOT NULL,
    "occurrence_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "task_completions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "task_completions_task_id_id_idx" ON "task_completions"("task_id", "id");

-- CreateIndex
CREATE INDEX "task_completions_user_id_id_idx" ON "task_completions"("user_id", "id");

-- AddForeignKey
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
