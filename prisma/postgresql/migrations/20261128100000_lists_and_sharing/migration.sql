-- Lists, their members and task labels (issue 23). Every existing user gets an Inbox and every existing
-- task moves into its creator's Inbox.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "display_name" TEXT;

-- CreateTable
CREATE TABLE "lists" (
    "id" BIGSERIAL NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "color" TEXT,
    "inbox" BOOLEAN NOT NULL DEFAULT false,
    "members_can_invite" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "list_members" (
    "list_id" BIGINT NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "list_members_pkey" PRIMARY KEY ("list_id", "user_id"),
    CONSTRAINT "list_members_role_check" CHECK ("role" IN ('owner', 'editor', 'viewer'))
);

-- CreateTable
CREATE TABLE "task_labels" (
    "task_id" BIGINT NOT NULL,
    "label" TEXT NOT NULL,
    "label_key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "task_labels_pkey" PRIMARY KEY ("task_id", "label_key")
);

-- CreateIndex
CREATE UNIQUE INDEX "lists_owner_id_name_key_key" ON "lists"("owner_id", "name_key");

-- One Inbox per user (not expressible in schema.prisma, which knows no partial indexes).
CREATE UNIQUE INDEX "lists_one_inbox_per_owner" ON "lists"("owner_id") WHERE "inbox";

-- CreateIndex
CREATE INDEX "list_members_user_id_list_id_idx" ON "list_members"("user_id", "list_id");

-- CreateIndex
CREATE INDEX "task_labels_label_key_task_id_idx" ON "task_labels"("label_key", "task_id");

-- AddForeignKey
ALTER TABLE "lists" ADD CONSTRAINT "lists_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_members" ADD CONSTRAINT "list_members_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_members" ADD CONSTRAINT "list_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_labels" ADD CONSTRAINT "task_labels_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An Inbox for every user, as old as the account, with its owner as the one member.
INSERT INTO "lists" ("owner_id", "name", "name_key", "inbox", "members_can_invite", "created_at", "updated_at")
SELECT "id", 'Inbox', 'inbox', true, false, "created_at", "created_at" FROM "users" ORDER BY "id";

INSERT INTO "list_members" ("list_id", "user_id", "role", "joined_at")
SELECT "id", "owner_id", 'owner', "created_at" FROM "lists";

-- AlterTable: every task moves into its creator's Inbox.
ALTER TABLE "tasks" ADD COLUMN "list_id" BIGINT,
ADD COLUMN "assignee_id" TEXT;

UPDATE "tasks" t SET "list_id" = l."id" FROM "lists" l WHERE l."owner_id" = t."user_id" AND l."inbox";

ALTER TABLE "tasks" ALTER COLUMN "list_id" SET NOT NULL,
ADD CONSTRAINT "tasks_priority_check" CHECK ("priority" IN ('low', 'medium', 'high', 'urgent'));

-- CreateIndex
CREATE INDEX "tasks_list_id_status_due_at_id_idx" ON "tasks"("list_id", "status", "due_at", "id");

-- CreateIndex
CREATE INDEX "tasks_assignee_id_idx" ON "tasks"("assignee_id");

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
