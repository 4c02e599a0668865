-- CalDAV (issue 24): the path segment a client chose for a list it made (MKCALENDAR), and what
-- sync-collection (RFC 6578) reads: per list a change counter, per task its latest change in that list
-- (a deletion or a move out is kept as a tombstone with the resource name it had). Triggers keep them,
-- so every writer (REST, GraphQL, CalDAV, jobs, the raw-SQL hot paths) is counted without knowing.
-- Taking the next number locks the list's counter row until commit, so a list's changes commit in
-- number order and a token never skips a change still in flight.

-- CreateTable
CREATE TABLE "caldav_collections" (
    "user_id" TEXT NOT NULL,
    "segment" TEXT NOT NULL,
    "list_id" BIGINT NOT NULL,

    CONSTRAINT "caldav_collections_pkey" PRIMARY KEY ("user_id", "segment")
);

-- CreateTable
CREATE TABLE "caldav_sync" (
    "list_id" BIGINT NOT NULL,
    "seq" BIGINT NOT NULL,

    CONSTRAINT "caldav_sync_pkey" PRIMARY KEY ("list_id")
);

-- CreateTable
CREATE TABLE "caldav_changes" (
    "list_id" BIGINT NOT NULL,
    "task_id" BIGINT NOT NULL,
    "seq" BIGINT NOT NULL,
    "name" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "caldav_changes_pkey" PRIMARY KEY ("list_id", "task_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "caldav_collections_user_id_list_id_key" ON "caldav_collections"("user_id", "list_id");

-- CreateIndex
CREATE INDEX "caldav_changes_list_id_seq_idx" ON "caldav_changes"("list_id", "seq");

-- AddForeignKey
ALTER TABLE "caldav_collections" ADD CONSTRAINT "caldav_collections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "caldav_collections" ADD CONSTRAINT "caldav_collections_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every list starts at 1, so a token of an empty list is a number too.
INSERT INTO "caldav_sync" ("list_id", "seq") SELECT "id", 1 FROM "lists";

-- Records a task's change in a list (p_name set: it left the list, under that name).
CREATE FUNCTION "caldav_note_change"(p_list BIGINT, p_task BIGINT, p_name TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    next_seq BIGINT;
BEGIN
    INSERT INTO "caldav_sync" AS s ("list_id", "seq") VALUES (p_list, 2)
        ON CONFLICT ("list_id") DO UPDATE SET "seq" = s."seq" + 1
        RETURNING s."seq" INTO next_seq;
    INSERT INTO "caldav_changes" AS c ("list_id", "task_id", "seq", "name", "deleted")
        VALUES (p_list, p_task, next_seq, p_name, p_name IS NOT NULL)
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = excluded."name", "deleted" = excluded."deleted";
END;
$$;

CREATE FUNCTION "caldav_object_name"(p_task BIGINT) RETURNS TEXT LANGUAGE sql STABLE AS $$
    SELECT COALESCE((SELECT "name" FROM "caldav_objects" WHERE "task_id" = p_task), 'tickler-' || p_task || '.ics');
$$;

CREATE FUNCTION "caldav_task_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        -- A task deleted with its list leaves nothing (the list's rows go with it).
        IF EXISTS (SELECT 1 FROM "lists" WHERE "id" = OLD."list_id") THEN
            PERFORM "caldav_note_change"(OLD."list_id", OLD."id", "caldav_object_name"(OLD."id"));
        END IF;
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD."list_id" <> NEW."list_id" THEN
        -- A move takes both lists' counters: the lower id first, so two opposite moves cannot deadlock.
        IF OLD."list_id" < NEW."list_id" THEN
            PERFORM "caldav_note_change"(OLD."list_id", OLD."id", "caldav_object_name"(OLD."id"));
            PERFORM "caldav_note_change"(NEW."list_id", NEW."id", NULL);
        ELSE
            PERFORM "caldav_note_change"(NEW."list_id", NEW."id", NULL);
            PERFORM "caldav_note_change"(OLD."list_id", OLD."id", "caldav_object_name"(OLD."id"));
        END IF;
        RETURN NEW;
    END IF;
    PERFORM "caldav_note_change"(NEW."list_id", NEW."id", NULL);
    RETURN NEW;
END;
$$;

CREATE FUNCTION "caldav_object_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "caldav_note_change"(t."list_id", t."id", NULL) FROM "tasks" t WHERE t."id" = NEW."task_id";
    RETURN NEW;
END;
$$;

CREATE FUNCTION "caldav_list_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "caldav_sync" ("list_id", "seq") VALUES (NEW."id", 1) ON CONFLICT ("list_id") DO NOTHING;
        RETURN NEW;
    END IF;
    DELETE FROM "caldav_changes" WHERE "list_id" = OLD."id";
    DELETE FROM "caldav_sync" WHERE "list_id" = OLD."id";
    RETURN OLD;
END;
$$;

-- Before a deletion, so the task's caldav_objects row (and its name) is still there.
CREATE TRIGGER "caldav_task_deleted" BEFORE DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "caldav_task_trigger"();
CREATE TRIGGER "caldav_task_written" AFTER INSERT OR UPDATE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "caldav_task_trigger"();
CREATE TRIGGER "caldav_object_written" AFTER INSERT OR UPDATE ON "caldav_objects" FOR EACH ROW EXECUTE FUNCTION "caldav_object_trigger"();
CREATE TRIGGER "caldav_list_written" AFTER INSERT OR DELETE ON "lists" FOR EACH ROW EXECUTE FUNCTION "caldav_list_trigger"();
