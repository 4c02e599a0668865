-- Lists, their members and task labels (issue 23). Every existing user gets an Inbox and every existing
-- task moves into its creator's Inbox. SQLite cannot add a NOT NULL foreign key column, so `tasks` is
-- rebuilt: the migrator runs this with foreign keys off and checks them (PRAGMA foreign_key_check)
-- before it commits.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "display_name" TEXT;

-- CreateTable
CREATE TABLE "lists" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "color" TEXT,
    "inbox" BOOLEAN NOT NULL DEFAULT false,
    "members_can_invite" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "lists_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "list_members" (
    "list_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" TEXT NOT NULL CHECK ("role" IN ('owner', 'editor', 'viewer')),
    "joined_at" DATETIME NOT NULL,

    PRIMARY KEY ("list_id", "user_id"),
    CONSTRAINT "list_members_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "list_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "task_labels" (
    "task_id" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "label_key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    PRIMARY KEY ("task_id", "label_key"),
    CONSTRAINT "task_labels_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "lists_owner_id_name_key_key" ON "lists"("owner_id", "name_key");

-- One Inbox per user (not expressible in schema.prisma, which knows no partial indexes).
CREATE UNIQUE INDEX "lists_one_inbox_per_owner" ON "lists"("owner_id") WHERE "inbox";

-- CreateIndex
CREATE INDEX "list_members_user_id_list_id_idx" ON "list_members"("user_id", "list_id");

-- CreateIndex
CREATE INDEX "task_labels_label_key_task_id_idx" ON "task_labels"("label_key", "task_id");

-- An Inbox for every user, as old as the account, with its owner as the one member.
INSERT INTO "lists" ("owner_id", "name", "name_key", "inbox", "members_can_invite", "created_at", "updated_at")
SELECT "id", 'Inbox', 'inbox', true, false, "created_at", "created_at" FROM "users" ORDER BY "id";

INSERT INTO "list_members" ("list_id", "user_id", "role", "joined_at")
SELECT "id", "owner_id", 'owner', "created_at" FROM "lists";

-- RedefineTable: every column of tasks as it stood, plus list_id, assignee_id and the priority check.
CREATE TABLE "new_tasks" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "list_id" INTEGER NOT NULL,
    "assignee_id" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "due_at" DATETIME,
    "priority" TEXT NOT NULL DEFAULT 'low' CHECK ("priority" IN ('low', 'medium', 'high', 'urgent')),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "completed_at" DATETIME,
    "remind_before" INTEGER,
    "recurrence" TEXT,
    "due_local" TEXT,
    CONSTRAINT "tasks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "tasks_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "tasks_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

INSERT INTO "new_tasks" ("id", "user_id", "list_id", "assignee_id", "title", "description", "due_at", "priority", "status",
                         "created_at", "updated_at", "completed_at", "remind_before", "recurrence", "due_local")
SELECT t."id", t."user_id", l."id", NULL, t."title", t."description", t."due_at", t."priority", t."status",
       t."created_at", t."updated_at", t."completed_at", t."remind_before", t."recurrence", t."due_local"
FROM "tasks" t JOIN "lists" l ON l."owner_id" = t."user_id" AND l."inbox";

-- Task ids are never given out twice (AUTOINCREMENT): the new table continues the old one's sequence,
-- which may be past the highest id left (deleted tasks).
DELETE FROM "sqlite_sequence" WHERE "name" = 'new_tasks';
INSERT INTO "sqlite_sequence" ("name", "seq") SELECT 'new_tasks', "seq" FROM "sqlite_sequence" WHERE "name" = 'tasks';

DROP TABLE "tasks";
ALTER TABLE "new_tasks" RENAME TO "tasks";

-- CreateIndex
CREATE INDEX "tasks_user_id_status_due_at_id_idx" ON "tasks"("user_id", "status", "due_at", "id");

-- CreateIndex
CREATE INDEX "tasks_list_id_status_due_at_id_idx" ON "tasks"("list_id", "status", "due_at", "id");

-- CreateIndex
CREATE INDEX "tasks_assignee_id_idx" ON "tasks"("assignee_id");
