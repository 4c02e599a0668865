-- CreateTable
CREATE TABLE "task_import_keys" (
    "task_id" INTEGER NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    CONSTRAINT "task_import_keys_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "task_import_keys_user_id_key_key" ON "task_import_keys"("user_id", "key");
