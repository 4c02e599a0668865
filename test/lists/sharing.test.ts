import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { sharingClient } from '../support/sharing.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(PROVIDERS)('sharing a list over REST (%s)', (provider) => {
  let service: TestService;
  const clock = createManualClock(new Date('2030-03-01T09:00:00Z'));
  let s: ReturnType<typeof sharingClient>;

  beforeAll(async () => {
    service = await startTestService(provider, { clock, env: { PUBLIC_URL: 'https://tickler.example' } });
    s = sharingClient(service);
  });
  afterAll(async () => service?.close());

  it('invites by a one-time link; the invitee joins in the role and sees the members', async () => {
    const list = await s.makeList('ann', 'Groceries');
    const made = await s.invite('ann', list.id, 'editor');
    expect(made.status).toBe(201);
    const invitation = await made.json();
    expect(invitation).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^https:\/\/tickler\.example\/join#[A-Za-z0-9_-]{43}$/),
      role: 'editor',
      createdBy: 'ann',
      createdAt: '2030-03-01T09:00:00.000Z',
      expiresAt: '2030-03-08T09:00:00.000Z',
    });
    const token = s.tokenOf(invitation.url);
    // Only the hash is stored.
    const row = await service.database.db.listInvitation.findUniqueOrThrow({ where: { id: BigInt(invitation.id) } });
    expect(row.tokenHash).not.toContain(token);
    expect(await s.json(await service.request('ann', `/lists/${list.id}/invitations`))).toEqual([
      { id: invitation.id, role: 'editor', createdBy: 'ann', createdAt: invitation.createdAt, expiresAt: invitation.expiresAt },
    ]);

    const joined = await s.accept('ben', token);
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ id: list.id, name: 'Groceries', role: 'editor', memberCount: 2 });
    expect(await s.members('ben', list.id)).toEqual([
      { userId: 'ann', displayName: 'ann', role: 'owner', joinedAt: expect.any(String) },
      { userId: 'ben', displayName: 'ben', role: 'editor', joinedAt: '2030-03-01T09:00:00.000Z' },
    ]);
    // Used up: nobody else gets in with it, and it is no longer pending.
    const again = await expectErrorResponse(await s.accept('cat', token), 400);
    expect(await s.json(await service.request('ann', `/lists/${list.id}/invitations`))).toEqual([]);
    await expectErrorResponse(await service.request('cat', `/lists/${list.id}`), 404);
    // One message for unknown, used, expired and revoked.
    expect((await expectErrorResponse(await s.accept('cat', 'x'.repeat(43)), 400)).message).toBe(again.message);
  });

  it('lets an invitation expire after 7 days and a revoked one stop at once, both with the same message', async () => {
    const list = await s.makeList('dee', 'Trip');
    const expiring = await s.json(await s.invite('dee', list.id, 'viewer'));
    const revoked = await s.json(await s.invite('dee', list.id, 'viewer'));
    const used = await s.json(await s.invite('dee', list.id, 'viewer'));
    await s.accept('eve', s.tokenOf(used.url));
    expect((await service.request('dee', `/lists/${list.id}/invitations/${revoked.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectErrorResponse(await service.request('dee', `/lists/${list.id}/invitations/${revoked.id}`, { method: 'DELETE' }), 404);
    await expectErrorResponse(await service.request('dee', `/lists/${list.id}/invitations/${used.id}`, { method: 'DELETE' }), 404);
    const revokedAnswer = await expectErrorResponse(await s.accept('fin', s.tokenOf(revoked.url)), 400);
    clock.advance(7 * DAY);
    const expiredAnswer = await expectErrorResponse(await s.accept('fin', s.tokenOf(expiring.url)), 400);
    const usedAnswer = await expectErrorResponse(await s.accept('fin', s.tokenOf(used.url)), 400);
    expect(new Set([revokedAnswer.message, expiredAnswer.message, usedAnswer.message]).size).toBe(1);
    await expectErrorResponse(await service.request('fin', `/lists/${list.id}`), 404);
  });

  it('leaves the invitation unused when a member opens it, refuses the Inbox (409), and lets editors invite only when allowed', async () => {
    const list = await s.makeList('gil', 'Club');
    await s.join('gil', list.id, 'hal', 'editor');
    await s.join('gil', list.id, 'ida', 'viewer');
    const invitation = await s.json(await s.invite('gil', list.id, 'viewer'));
    expect(await s.json(await s.accept('hal', s.tokenOf(invitation.url)))).toMatchObject({ id: list.id, role: 'editor' });
    expect(await s.json(await s.accept('jay', s.tokenOf(invitation.url)))).toMatchObject({ role: 'viewer' });

    await expectErrorResponse(await s.invite('hal', list.id, 'viewer'), 403);
    await expectErrorResponse(await service.request('hal', `/lists/${list.id}/invitations`), 403);
    await expectErrorResponse(await s.invite('kit', list.id, 'viewer'), 404);
    await expectErrorResponse(await s.invite('gil', list.id, 'owner'), 400);
    const inbox = (await s.json(await service.request('gil', '/lists')))[0];
    await expectErrorResponse(await s.invite('gil', inbox.id, 'editor'), 409);

    await service.request('gil', `/lists/${list.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ membersCanInvite: true }) });
    expect((await s.invite('hal', list.id, 'viewer')).status).toBe(201);
    await expectErrorResponse(await s.invite('ida', list.id, 'viewer'), 403);
  });

  it('changes roles (owner only) and hands ownership over; the old owner becomes an editor', async () => {
    const list = await s.makeList('kai', 'Home');
    await s.join('kai', list.id, 'lou', 'viewer');
    await s.join('kai', list.id, 'mo', 'editor');
    await expectErrorResponse(await s.setRole('mo', list.id, 'lou', 'editor'), 403);
    await expectErrorResponse(await s.setRole('kai', list.id, 'nobody', 'editor'), 404);
    await expectErrorResponse(await s.setRole('kai', list.id, 'lou', 'admin'), 400);
    await expectErrorResponse(await s.setRole('kai', list.id, 'kai', 'viewer'), 409);
    expect(await s.json(await s.setRole('kai', list.id, 'lou', 'editor'))).toMatchObject({ userId: 'lou', role: 'editor' });

    // lou already has a "home": the hand-over would clash with it.
    await s.makeList('lou', 'HOME');
    await expectErrorResponse(await s.setRole('kai', list.id, 'lou', 'owner'), 409);
    expect(await s.json(await s.setRole('kai', list.id, 'mo', 'owner'))).toMatchObject({ userId: 'mo', role: 'owner' });
    expect(await service.database.db.list.findUniqueOrThrow({ where: { id: BigInt(list.id) } })).toMatchObject({ ownerId: 'mo' });
    expect((await s.members('kai', list.id)).map((m) => `${m.userId}:${m.role}`)).toEqual(['kai:editor', 'lou:editor', 'mo:owner']);
    await expectErrorResponse(await s.setRole('kai', list.id, 'lou', 'viewer'), 403);
    // The old owner's name is free again for them.
    expect((await service.request('kai', '/lists', jsonRequest('POST', { name: 'Home' }))).status).toBe(201);
  });

  it('removes members and lets members leave; the owner cannot leave; assigned tasks become unassigned', async () => {
    const list = await s.makeList('ned', 'Band');
    await s.join('ned', list.id, 'ola', 'editor');
    await s.join('ned', list.id, 'pia', 'viewer');
    const task = await s.json(await service.request('ned', '/tasks', jsonRequest('POST', { title: 'tune', listId: list.id, assigneeId: 'ola', dueAt: '2030-04-01T18:00:00Z' })));
    const feed = new URL((await s.json(await service.request('ola', '/calendar/feed', { method: 'POST' }))).url);
    const readFeed = async () => (await fetch(`${service.url}${feed.pathname}`)).text();
    expect(await readFeed()).toContain('SUMMARY:tune');
    await expectErrorResponse(await s.remove('pia', list.id, 'ola'), 403);
    await expectErrorResponse(await s.remove('ned', list.id, 'ned'), 409);
    await expectErrorResponse(await s.remove('ned', list.id, 'zed'), 404);
    await expectErrorResponse(await s.remove('zed', list.id, 'ola'), 404);

    expect((await s.remove('ned', list.id, 'ola')).status).toBe(204);
    await expectErrorResponse(await service.request('ola', `/lists/${list.id}`), 404);
    await expectErrorResponse(await service.request('ola', `/tasks/${task.id}`), 404);
    expect(await s.json(await service.request('ned', `/tasks/${task.id}`))).toMatchObject({ assigneeId: null });
    expect(await readFeed()).not.toContain('SUMMARY:tune');
    const updates = await service.database.db.event.findMany({ where: { type: 'task.updated', taskId: BigInt(task.id) } });
    expect(updates.map((e) => e.userId).sort()).toEqual(['ned', 'pia']);

    // An editor's pending invitation goes when they leave.
    await service.request('ned', `/lists/${list.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ membersCanInvite: true }) });
    await s.join('ned', list.id, 'quy', 'editor');
    const fromQuy = await s.json(await s.invite('quy', list.id, 'viewer'));
    expect((await s.remove('quy', list.id, 'quy')).status).toBe(204);
    await expectErrorResponse(await s.accept('rex', s.tokenOf(fromQuy.url)), 400);

    expect((await s.remove('pia', list.id, 'pia')).status).toBe(204);
    expect((await s.members('ned', list.id)).map((m) => m.userId)).toEqual(['ned']);
    expect((await s.json(await service.request('pia', '/lists'))).map((l: any) => l.id)).not.toContain(list.id);
  });
});
