import type { Db } from '../db/database.js';

/** Mails waiting to be sent (first attempt or retry): the email backlog, which grows while SMTP is down. */
export async function countPendingEmails(db: Db): Promise<number> {
  return db.emailDelivery.count({ where: { state: 'pending' } });
}
