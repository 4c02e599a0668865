-- CalDAV sync tokens (issue 24): tombstones in caldav_changes are pruned 30 days after prune-history
-- first sees them (tombstoned_at, at the change number tombstoned_seq); caldav_sync.floor is the newest
-- pruned number, below which a token answers valid-sync-token. The triggers are unchanged: a row they
-- rewrite gets a new seq, which makes its stamp stale.

-- AlterTable
ALTER TABLE "caldav_sync" ADD COLUMN "floor" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "caldav_changes" ADD COLUMN "tombstoned_at" TIMESTAMPTZ(3),
ADD COLUMN "tombstoned_seq" BIGINT;
