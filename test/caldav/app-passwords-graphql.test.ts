import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest } from './support/dav-client.js';

describe.each(PROVIDERS)('app passwords in GraphQL (%s)', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('makes one that signs in to /dav/, lists it without its secret, and revokes it at once', async () => {
    const made = await graphqlRequest(service, 'gail', 'mutation { createAppPassword(name: " Thunderbird ") { id name password createdAt } }');
    expect(made.body.errors).toBeUndefined();
    const created = (made.body.data as any).createAppPassword as { id: string; name: string; password: string };
    expect(created).toMatchObject({ name: 'Thunderbird', password: expect.stringMatching(/^([a-z2-7]{4}-){7}[a-z2-7]{4}$/) });
    const options = () => davRequest(service, { userId: 'gail', password: created.password }, '/dav/', { method: 'OPTIONS' });
    expect((await options()).status).toBe(200);

    const listed = await graphqlRequest(service, 'gail', '{ appPasswords { id name lastUsedAt } }');
    expect((listed.body.data as any).appPasswords).toEqual([{ id: created.id, name: 'Thunderbird', lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(listed.body)).not.toContain(created.password);
    // Someone else's id is a NOT_FOUND and changes nothing.
    const theirs = await graphqlRequest(service, 'hank', 'mutation($id: ID!) { revokeAppPassword(id: $id) }', { id: created.id });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await options()).status).toBe(200);

    const revoked = await graphqlRequest(service, 'gail', 'mutation($id: ID!) { revokeAppPassword(id: $id) }', { id: created.id });
    expect((revoked.body.data as any).revokeAppPassword).toBe(true);
    expect((await options()).status).toBe(401);
    const empty = await graphqlRequest(service, 'gail', 'mutation { createAppPassword(name: "   ") { id } }');
    expect(empty.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
