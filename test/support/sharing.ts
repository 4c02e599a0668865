import { jsonRequest, type TestService } from './test-service.js';

/** Sharing over REST as a person would: make an invitation, open its link. */
export function sharingClient(service: TestService) {
  const json = async (response: Response): Promise<any> => {
    const text = await response.text();
    if (!response.ok) throw new Error(`${response.status} ${text}`);
    return text === '' ? null : JSON.parse(text);
  };
  const invite = (user: string, listId: number | bigint, role: string) =>
    service.request(user, `/lists/${listId}/invitations`, jsonRequest('POST', { role }));
  const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
  const accept = (user: string, token: string) => service.request(user, '/invitations/accept', jsonRequest('POST', { token }));
  return {
    json,
    invite,
    tokenOf,
    accept,
    /** Invites `user` into `role` and has them accept; answers the list as the new member sees it. */
    async join(owner: string, listId: number | bigint, user: string, role: string): Promise<any> {
      const invitation = await json(await invite(owner, listId, role));
      return json(await accept(user, tokenOf(invitation.url)));
    },
    members: async (user: string, listId: number | bigint): Promise<any[]> => json(await service.request(user, `/lists/${listId}/members`)),
    setRole: (user: string, listId: number | bigint, member: string, role: string) =>
      service.request(user, `/lists/${listId}/members/${member}`, jsonRequest('PATCH', { role })),
    remove: (user: string, listId: number | bigint, member: string) => service.request(user, `/lists/${listId}/members/${member}`, { method: 'DELETE' }),
    makeList: async (user: string, name: string): Promise<any> => json(await service.request(user, '/lists', jsonRequest('POST', { name }))),
  };
}
