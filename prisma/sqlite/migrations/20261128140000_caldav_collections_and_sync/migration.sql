-- CalDAV (issue 24): the path segment a client chose for a list it made (MKCALENDAR), and what
-- sync-collection (RFC 6578) reads: per list a change counter, per task its latest change in that list
-- (a deletion or a move out is kept as a tombstone with the resource name it had). Triggers keep them,
-- so every writer (REST, GraphQL, CalDAV, jobs, the raw-SQL hot paths) is counted without knowing.

-- CreateTable
CREATE TABLE "caldav_collections" (
    "user_id" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "list_id" INTEGER NOT NULL,

    PRIMARY KEY ("user_id", "segment"),
    CONSTRAINT "caldav_collections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "caldav_collections_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "caldav_sync" (
    "list_id" INTEGER NOT NULL PRIMARY KEY,
    "seq" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "caldav_changes" (
    "list_id" INTEGER NOT NULL,
    "task_id" INTEGER NOT NULL,
    "seq" BIGINT NOT NULL,
    "name" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("list_id", "task_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "caldav_collections_user_id_list_id_key" ON "caldav_collections"("user_id", "list_id");

-- CreateIndex
CREATE INDEX "caldav_changes_list_id_seq_idx" ON "caldav_changes"("list_id", "seq");

-- Every list starts at 1, so a token of an empty list is a number too.
INSERT INTO "caldav_sync" ("list_id", "seq") SELECT "id", 1 FROM "lists";

CREATE TRIGGER "caldav_list_created" AFTER INSERT ON "lists" BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") VALUES (NEW."id", 1) ON CONFLICT ("list_id") DO NOTHING;
END;

CREATE TRIGGER "caldav_list_deleted" AFTER DELETE ON "lists" BEGIN
    DELETE FROM "caldav_changes" WHERE "list_id" = OLD."id";
    DELETE FROM "caldav_sync" WHERE "list_id" = OLD."id";
END;

CREATE TRIGGER "caldav_task_created" AFTER INSERT ON "tasks" BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") VALUES (NEW."list_id", 2) ON CONFLICT ("list_id") DO UPDATE SET "seq" = "seq" + 1;
    INSERT INTO "caldav_changes" ("list_id", "task_id", "seq", "name", "deleted")
        VALUES (NEW."list_id", NEW."id", (SELECT "seq" FROM "caldav_sync" WHERE "list_id" = NEW."list_id"), NULL, false)
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = NULL, "deleted" = false;
END;

CREATE TRIGGER "caldav_task_changed" AFTER UPDATE ON "tasks" BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") VALUES (NEW."list_id", 2) ON CONFLICT ("list_id") DO UPDATE SET "seq" = "seq" + 1;
    INSERT INTO "caldav_changes" ("list_id", "task_id", "seq", "name", "deleted")
        VALUES (NEW."list_id", NEW."id", (SELECT "seq" FROM "caldav_sync" WHERE "list_id" = NEW."list_id"), NULL, false)
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = NULL, "deleted" = false;
END;

-- A move: the list the task left keeps a tombstone under the name the task had there.
CREATE TRIGGER "caldav_task_moved" AFTER UPDATE OF "list_id" ON "tasks" WHEN OLD."list_id" <> NEW."list_id" BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") VALUES (OLD."list_id", 2) ON CONFLICT ("list_id") DO UPDATE SET "seq" = "seq" + 1;
    INSERT INTO "caldav_changes" ("list_id", "task_id", "seq", "name", "deleted")
        VALUES (OLD."list_id", OLD."id", (SELECT "seq" FROM "caldav_sync" WHERE "list_id" = OLD."list_id"),
                COALESCE((SELECT "name" FROM "caldav_objects" WHERE "task_id" = OLD."id"), 'tickler-' || OLD."id" || '.ics'), true)
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = excluded."name", "deleted" = true;
END;

-- Before the row (and, by cascade, its caldav_objects row) goes, so the name is still there. A task
-- deleted with its list leaves nothing (the list's rows go with it).
CREATE TRIGGER "caldav_task_deleted" BEFORE DELETE ON "tasks" WHEN EXISTS (SELECT 1 FROM "lists" WHERE "id" = OLD."list_id") BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") VALUES (OLD."list_id", 2) ON CONFLICT ("list_id") DO UPDATE SET "seq" = "seq" + 1;
    INSERT INTO "caldav_changes" ("list_id", "task_id", "seq", "name", "deleted")
        VALUES (OLD."list_id", OLD."id", (SELECT "seq" FROM "caldav_sync" WHERE "list_id" = OLD."list_id"),
                COALESCE((SELECT "name" FROM "caldav_objects" WHERE "task_id" = OLD."id"), 'tickler-' || OLD."id" || '.ics'), true)
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = excluded."name", "deleted" = true;
END;

-- What a client stored beside the task (its name, kept properties) changes the object too.
CREATE TRIGGER "caldav_object_created" AFTER INSERT ON "caldav_objects" BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") SELECT "list_id", 2 FROM "tasks" WHERE "id" = NEW."task_id"
        ON CONFLICT ("list_id") DO UPDATE SET "seq" = "seq" + 1;
    INSERT INTO "caldav_changes" ("list_id", "task_id", "seq", "name", "deleted")
        SELECT t."list_id", t."id", s."seq", NULL, false FROM "tasks" t JOIN "caldav_sync" s ON s."list_id" = t."list_id" WHERE t."id" = NEW."task_id"
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = NULL, "deleted" = false;
END;

CREATE TRIGGER "caldav_object_changed" AFTER UPDATE ON "caldav_objects" BEGIN
    INSERT INTO "caldav_sync" ("list_id", "seq") SELECT "list_id", 2 FROM "tasks" WHERE "id" = NEW."task_id"
        ON CONFLICT ("list_id") DO UPDATE SET "seq" = "seq" + 1;
    INSERT INTO "caldav_changes" ("list_id", "task_id", "seq", "name", "deleted")
        SELECT t."list_id", t."id", s."seq", NULL, false FROM "tasks" t JOIN "caldav_sync" s ON s."list_id" = t."list_id" WHERE t."id" = NEW."task_id"
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = NULL, "deleted" = false;
END;
