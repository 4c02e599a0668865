import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const PREVIEW = 'query($t: String!) { invitation(token: $t) { listId listName listColor role inviter { id displayName } expiresAt alreadyMember } }';

describe.each(PROVIDERS)('the join screen reads an invitation without using it (%s)', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { env: { PUBLIC_URL: 'https://tickler.example' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  async function invite(owner: string, name: string): Promise<{ listId: number; token: string; id: number }> {
    const list = (await (await service.request(owner, '/lists', jsonRequest('POST', { name, color: '#2e8b57' }))).json()) as { id: number };
    const made = await service.request(owner, `/lists/${list.id}/invitations`, jsonRequest('POST', { role: 'editor' }));
    expect(made.status).toBe(201);
    const body = (await made.json()) as { id: number; url: string };
    return { listId: list.id, token: body.url.split('#')[1]!, id: body.id };
  }

  it('names the list, its color, the role and who invited; the link stays unused; a used one is refused like accepting it', async () => {
    await service.request('rosa', '/me', jsonRequest('PATCH', { displayName: 'Rosa' }));
    const { listId, token } = await invite('rosa', 'Groceries');

    const seen = await graphqlRequest(service, 'theo', PREVIEW, { t: token });
    expect(seen.body.errors).toBeUndefined();
    expect((seen.body.data as any).invitation).toMatchObject({
      listId: String(listId),
      listName: 'Groceries',
      listColor: '#2e8b57',
      role: 'EDITOR',
      inviter: { id: 'rosa', displayName: 'Rosa' },
      alreadyMember: false,
    });
    // Reading it twice uses nothing: the link still lets Theo in.
    expect((await graphqlRequest(service, 'theo', PREVIEW, { t: token })).body.errors).toBeUndefined();
    const joined = await graphqlRequest(service, 'theo', 'mutation($t: String!) { acceptInvitation(token: $t) { id role } }', { t: token });
    expect((joined.body.data as any).acceptInvitation).toEqual({ id: String(listId), role: 'EDITOR' });

    const used = await graphqlRequest(service, 'uli', PREVIEW, { t: token });
    const accepting = await graphqlRequest(service, 'uli', 'mutation($t: String!) { acceptInvitation(token: $t) { id } }', { t: token });
    expect(used.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(used.body.errors?.[0]?.message).toBe(accepting.body.errors?.[0]?.message);
  });

  it('tells a member they are in the list already, and refuses unknown, revoked and malformed tokens alike', async () => {
    const { token, listId, id } = await invite('vera', 'Team');
    expect(((await graphqlRequest(service, 'vera', PREVIEW, { t: token })).body.data as any).invitation.alreadyMember).toBe(true);
    expect((await service.request('vera', `/lists/${listId}/invitations/${id}`, { method: 'DELETE' })).status).toBe(204);
    for (const t of [token, 'not-a-token', '', 'x'.repeat(500)]) {
      const answer = await graphqlRequest(service, 'walt', PREVIEW, { t });
      expect(answer.status).toBe(200);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect((answer.body.data as any)?.invitation ?? null).toBeNull();
    }
  });
});
