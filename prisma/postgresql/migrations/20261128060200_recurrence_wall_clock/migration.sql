-- A repeating task whose current occurrence falls in a daylight-saving gap is due at the moved instant
-- (02:30 becomes 03:30); the series' own wall-clock time is kept here so the next occurrence is 02:30.
-- AlterTable
ALTER TABLE "tasks" ADD COLUMN "due_local" TEXT;
