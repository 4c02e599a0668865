import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { sharingClient } from '../support/sharing.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('display names (%s)', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('shows the user id until one is set; PATCH /me and updateMe set it (1–100 characters, trimmed); members see it', async () => {
    expect(await (await service.request('uma', '/me')).json()).toEqual({ id: 'uma', displayName: 'uma', timeZone: 'UTC', language: null, email: null, emailConfirmed: false });
    const patched = await service.request('uma', '/me', jsonRequest('PATCH', { displayName: '  Uma Q. ' }));
    expect(await patched.json()).toMatchObject({ displayName: 'Uma Q.' });
    for (const bad of ['   ', 'x'.repeat(101), 7, 'a\u0007b']) {
      await expectErrorResponse(await service.request('uma', '/me', jsonRequest('PATCH', { displayName: bad })), 400);
    }
    expect(await (await service.request('uma', '/me')).json()).toMatchObject({ displayName: 'Uma Q.' });

    const { body } = await graphqlRequest(service, 'vic', 'mutation { updateMe(input: {displayName: "Vic"}) { id displayName } }');
    expect((body.data as any).updateMe).toEqual({ id: 'vic', displayName: 'Vic' });
    const refused = await graphqlRequest(service, 'vic', 'mutation { updateMe(input: {displayName: ""}) { displayName } }');
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(((await graphqlRequest(service, "vic", "{ me { displayName } }")).body.data as any).me.displayName).toBe('Vic');

    const s = sharingClient(service);
    const list = await s.makeList('uma', 'Chores');
    await s.join('uma', list.id, 'vic', 'editor');
    expect((await s.members('vic', list.id)).map((m) => m.displayName)).toEqual(['Uma Q.', 'Vic']);
  });
});
