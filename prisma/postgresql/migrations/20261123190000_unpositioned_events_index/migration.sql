-- The relay positions events in id order from those still without a position. Found through the
-- position index (all NULLs) and then sorted, each pass cost time in proportion to the whole backlog:
-- after a spike of a million reminder events, minutes of passes. This index keeps just the backlog, in id
-- order (not expressible in schema.prisma, which knows no partial indexes).
-- CreateIndex
CREATE INDEX "events_unpositioned_idx" ON "events"("id") WHERE "position" IS NULL;
