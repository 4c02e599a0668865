-- CalDAV change log, set-based (issue 23): the row triggers of 20261128140000 bumped a list's counter
-- once per row, so a statement writing n tasks into one list rewrote that counter row n times in one
-- transaction, and every rewrite walks the versions before it: 10 000 tasks took 1.7 s, 20 000 took
-- 6.4 s (against 0.2 s and 0.45 s without the triggers). Now inserts and updates of tasks and
-- caldav_objects are counted once per statement from its transition tables: each list's counter moves
-- by the statement's number of changes in one step, and the changes take the numbers in between.
-- The numbers, names and tombstones are those the row triggers gave; counters are still taken in
-- list order, so two opposite moves cannot deadlock.
-- A task's deletion stays a row trigger: it must run before the cascade removes the task's
-- caldav_objects row (and its name), and only AFTER triggers see transition tables.

DROP TRIGGER "caldav_task_deleted" ON "tasks";
DROP TRIGGER "caldav_task_written" ON "tasks";
DROP TRIGGER "caldav_object_written" ON "caldav_objects";
DROP FUNCTION "caldav_task_trigger"();
DROP FUNCTION "caldav_object_trigger"();
DROP FUNCTION "caldav_note_change"(BIGINT, BIGINT, TEXT);

-- Records changes of tasks in lists, one per (list, task) (a name: the task left the list under it).
CREATE FUNCTION "caldav_note_changes"(p_lists BIGINT[], p_tasks BIGINT[], p_names TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    WITH "change" AS (
        SELECT c."list_id", c."task_id", c."name",
               row_number() OVER (PARTITION BY c."list_id" ORDER BY c."task_id") AS "k",
               count(*) OVER (PARTITION BY c."list_id") AS "n"
        FROM unnest(p_lists, p_tasks, p_names) AS c("list_id", "task_id", "name")
    ), "counter" AS (
        -- A list without a counter row counts from 1, as one made before the counters were.
        INSERT INTO "caldav_sync" AS s ("list_id", "seq")
            SELECT "list_id", 1 + count(*) FROM "change" GROUP BY "list_id" ORDER BY "list_id"
            ON CONFLICT ("list_id") DO UPDATE SET "seq" = s."seq" + excluded."seq" - 1
            RETURNING s."list_id", s."seq"
    )
    INSERT INTO "caldav_changes" AS ch ("list_id", "task_id", "seq", "name", "deleted")
        SELECT c."list_id", c."task_id", s."seq" - c."n" + c."k", c."name", c."name" IS NOT NULL
        FROM "change" c JOIN "counter" s ON s."list_id" = c."list_id"
        ON CONFLICT ("list_id", "task_id") DO UPDATE SET "seq" = excluded."seq", "name" = excluded."name", "deleted" = excluded."deleted";
END;
$$;

-- One trigger function for every write that changes a CalDAV object: a task deleted (per row, before),
-- tasks inserted or updated and caldav_objects inserted or updated (per statement, after).
CREATE FUNCTION "caldav_objects_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    lists BIGINT[];
    tasks BIGINT[];
    names TEXT[];
BEGIN
    IF TG_LEVEL = 'ROW' THEN
        -- A task deleted with its list leaves nothing (the list's rows go with it).
        IF EXISTS (SELECT 1 FROM "lists" WHERE "id" = OLD."list_id") THEN
            PERFORM "caldav_note_changes"(ARRAY[OLD."list_id"], ARRAY[OLD."id"], ARRAY["caldav_object_name"(OLD."id")]);
        END IF;
        RETURN OLD;
    END IF;
    IF TG_TABLE_NAME = 'caldav_objects' THEN
        SELECT array_agg(t."list_id"), array_agg(t."id"), array_agg(NULL::TEXT) INTO lists, tasks, names
            FROM "new_rows" o JOIN "tasks" t ON t."id" = o."task_id";
    ELSIF TG_OP = 'INSERT' THEN
        SELECT array_agg(n."list_id"), array_agg(n."id"), array_agg(NULL::TEXT) INTO lists, tasks, names FROM "new_rows" n;
    ELSE
        -- Every updated task changed in its list; one that moved also leaves a tombstone in the list
        -- it left, under the name it had there.
        SELECT array_agg(c."list_id"), array_agg(c."task_id"), array_agg(c."name") INTO lists, tasks, names
            FROM (
                SELECT n."list_id", n."id" AS "task_id", NULL::TEXT AS "name" FROM "new_rows" n
                UNION ALL
                SELECT o."list_id", o."id", COALESCE(obj."name", 'tickler-' || o."id" || '.ics')
                FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
                LEFT JOIN "caldav_objects" obj ON obj."task_id" = o."id"
                WHERE o."list_id" <> n."list_id"
            ) c;
    END IF;
    IF tasks IS NOT NULL THEN
        PERFORM "caldav_note_changes"(lists, tasks, names);
    END IF;
    RETURN NULL;
END;
$$;

-- Before a deletion, so the task's caldav_objects row (and its name) is still there.
CREATE TRIGGER "caldav_task_deleted" BEFORE DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "caldav_objects_changed"();
-- A trigger with transition tables fires on one event only, hence two per table.
CREATE TRIGGER "caldav_tasks_inserted" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "caldav_objects_changed"();
CREATE TRIGGER "caldav_tasks_updated" AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "caldav_objects_changed"();
CREATE TRIGGER "caldav_objects_inserted" AFTER INSERT ON "caldav_objects" REFERENCING NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "caldav_objects_changed"();
CREATE TRIGGER "caldav_objects_updated" AFTER UPDATE ON "caldav_objects" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "caldav_objects_changed"();
