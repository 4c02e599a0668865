-- AlterTable
ALTER TABLE "tasks" ADD COLUMN "recurrence" TEXT;

-- CreateTable
CREATE TABLE "task_completions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "task_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "occurrence_at" DATETIME NOT NULL,
    "completed_at" DATETIME NOT NULL,
    CONSTRAINT "task_completions_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "task_completions_task_id_id_idx" ON "task_completions"("task_id", "id");

-- CreateIndex
CREATE INDEX "task_completions_user_id_id_idx" ON "task_completions"("user_id", "id");
