-- CreateTable
CREATE TABLE "app_passwords" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "last_used_at" DATETIME,
    CONSTRAINT "app_passwords_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "caldav_objects" (
    "task_id" INTEGER NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "extra_ical" TEXT NOT NULL DEFAULT '',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "all_day" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "caldav_objects_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "app_passwords_user_id_id_idx" ON "app_passwords"("user_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "caldav_objects_user_id_uid_key" ON "caldav_objects"("user_id", "uid");

-- CreateIndex
CREATE UNIQUE INDEX "caldav_objects_user_id_name_key" ON "caldav_objects"("user_id", "name");
