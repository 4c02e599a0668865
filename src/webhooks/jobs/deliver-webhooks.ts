import type { Agenda } from 'agenda';
import type { Logger } from '../../logger.js';
import type { WebhookDispatcher } from '../webhook-dispatcher.js';

export const DELIVER_WEBHOOKS = 'deliver-webhooks';

export interface DeliverWebhooksJobOptions {
  dispatcher: Pick<WebhookDispatcher, 'sweep'>;
  logger: Logger;
}

/**
 * The sweep job: fans out new events and claims the deliveries that are due (first attempts that
 * missed their wake-up, retries whose time has come, claims a crashed instance left behind). It
 * returns once the attempts are started; they finish on the dispatcher's own bounded workers.
 */
export function defineDeliverWebhooksJob(agenda: Agenda, options: DeliverWebhooksJobOptions): void {
  agenda.define(
    DELIVER_WEBHOOKS,
    async () => {
      await options.dispatcher.sweep();
    },
    { concurrency: 1, lockLimit: 1 },
  );
}
