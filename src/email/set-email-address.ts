import type { ServiceContext } from '../context.js';
import type { UserRecord } from '../users/get-user.js';
import { validateEmailAddress } from './email-address.js';
import type { EmailDeps } from './email-deps.js';
import { emailUnavailable, tooManyConfirmations } from './email-errors.js';
import { CONFIRM_LINK_TTL_MS, createEmailLink, emailLinkUrl } from './email-links.js';
import { queueEmail } from './queue-email.js';
import { renderConfirmationEmail } from './render-confirmation-email.js';

/** Confirmation mails one person may have sent in 24 hours. */
export const MAX_CONFIRMATIONS_PER_DAY = 5;

/**
 * Sets (or with null removes) the caller's address. A new address is stored unconfirmed and gets a
 * mail with a single-use confirmation link; nothing else is mailed to it until that link is used.
 * Setting the confirmed address it already has changes nothing; the unconfirmed one again sends a fresh
 * link (the earlier one stops working). A sixth confirmation mail within 24 hours is refused (429), so
 * nobody can use the service to mail strangers.
 */
export async function setEmailAddress(ctx: ServiceContext, raw: unknown, deps: Pick<EmailDeps, 'enabled' | 'publicUrl' | 'wake'>): Promise<UserRecord> {
  const now = ctx.clock.now();
  if (raw === null) {
    const data = { email: null, emailConfirmedAt: null };
    return ctx.db.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId, ...data }, update: data });
  }
  if (!deps.enabled) throw emailUnavailable();
  const address = validateEmailAddress(raw);
  const user = await ctx.db.$transaction(async (tx) => {
    const current = await tx.user.findUnique({ where: { id: ctx.userId } });
    // A confirmed address set again stays confirmed; an unconfirmed one gets a fresh link (a lost mail).
    if (current?.email === address && current.emailConfirmedAt !== null) return { user: current, queued: false };
    const since = new Date(now.getTime() - 86_400_000);
    const sent = await tx.emailDelivery.count({ where: { userId: ctx.userId, kind: 'confirmation', createdAt: { gt: since } } });
    if (sent >= MAX_CONFIRMATIONS_PER_DAY) throw tooManyConfirmations(MAX_CONFIRMATIONS_PER_DAY);
    const data = { email: address, emailConfirmedAt: null };
    const updated = await tx.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId, ...data }, update: data });
    // Links for an earlier address stop working: confirming it now would confirm the wrong one.
    await tx.emailLink.updateMany({ where: { userId: ctx.userId, action: 'confirm', usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
    const link = await createEmailLink(tx, { userId: ctx.userId, action: 'confirm', address, expiresAt: new Date(now.getTime() + CONFIRM_LINK_TTL_MS) }, now);
    const message = renderConfirmationEmail({ address, url: emailLinkUrl(deps.publicUrl, link.token, 'confirm'), expiresAt: new Date(now.getTime() + CONFIRM_LINK_TTL_MS) });
    await queueEmail(tx, { userId: ctx.userId, kind: 'confirmation', dedupeKey: `confirmation:${link.id}`, address, message }, deps.publicUrl, now);
    return { user: updated, queued: true };
  });
  if (user.queued) {
    deps.wake();
    ctx.logger.info('email address set; confirmation mail queued');
  }
  return user.user;
}
