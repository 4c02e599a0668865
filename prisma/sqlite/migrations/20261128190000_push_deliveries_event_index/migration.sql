-- Recording a push attempt looks at every delivery of the same reminder (one per browser) to tell
-- webhooks once whether it got through (settle-push-reminder.ts). Without this index each lookup read
-- the whole push_deliveries table: a spike of N reminders cost N table scans, and at 100 000 tasks
-- with three reminders each the push dispatcher spent its time scanning.
-- CreateIndex
CREATE INDEX "push_deliveries_event_id_idx" ON "push_deliveries"("event_id");
