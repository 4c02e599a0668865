-- CreateTable
CREATE TABLE "app_passwords" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "app_passwords_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "caldav_objects" (
    "task_id" BIGINT NOT NULL,
    "user_id" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "extra_ical" TEXT NOT NULL DEFAULT '',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "all_day" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "caldav_objects_pkey" PRIMARY KEY ("task_id")
);

-- CreateIndex
CREATE INDEX "app_passwords_user_id_id_idx" ON "app_passwords"("user_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "caldav_objects_user_id_uid_key" ON "caldav_objects"("user_id", "uid");

-- CreateIndex
CREATE UNIQUE INDEX "caldav_objects_user_id_name_key" ON "caldav_objects"("user_id", "name");

-- AddForeignKey
ALTER TABLE "app_passwords" ADD CONSTRAINT "app_passwords_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "caldav_objects" ADD CONSTRAINT "caldav_objects_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
