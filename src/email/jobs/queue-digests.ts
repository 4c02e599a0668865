import type { Agenda } from 'agenda';
import { queueDueDigests, type DigestDeps } from '../queue-due-digests.js';

export const QUEUE_DIGESTS = 'queue-digests';

/** The digest job: every DIGEST_INTERVAL, queues the digests whose local hour has come (one instance at a time). */
export function defineQueueDigestsJob(agenda: Agenda, deps: DigestDeps): void {
  agenda.define(
    QUEUE_DIGESTS,
    async () => {
      await queueDueDigests(deps);
    },
    { concurrency: 1, lockLimit: 1 },
  );
}
