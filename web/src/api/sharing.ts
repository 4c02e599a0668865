import { graphql } from './client.js';
import { LIST_FIELDS, type ListRole, type TaskList } from './types.js';

export interface Member {
  userId: string;
  displayName: string;
  role: ListRole;
  joinedAt: string;
}

export interface NewInvitation {
  id: string;
  url: string;
  role: ListRole;
  expiresAt: string;
}

/** What an invitation link leads to, read without using it. */
export interface InvitationPreview {
  listId: string;
  listName: string;
  listColor: string | null;
  role: ListRole;
  inviter: { id: string; displayName: string };
  expiresAt: string;
  alreadyMember: boolean;
}

/** The list's members (every member may read them), and whether editors may invite. */
export async function listMembers(listId: string): Promise<{ members: Member[]; membersCanInvite: boolean }> {
  const data = await graphql<{ list: { members: Member[]; membersCanInvite: boolean } }>(
    'query Members($id: ID!) { list(id: $id) { membersCanInvite members { userId displayName role joinedAt } } }',
    { id: listId },
  );
  return data.list;
}

export async function createInvitation(listId: string, role: 'EDITOR' | 'VIEWER'): Promise<NewInvitation> {
  const data = await graphql<{ createInvitation: NewInvitation }>(
    'mutation Invite($list: ID!, $role: ListRole!) { createInvitation(listId: $list, role: $role) { id url role expiresAt } }',
    { list: listId, role },
  );
  return data.createInvitation;
}

/** Removes a member (the owner), or leaves the list (the caller's own id). */
export async function removeMember(listId: string, userId: string): Promise<void> {
  await graphql('mutation Remove($list: ID!, $user: ID!) { removeMember(listId: $list, userId: $user) }', { list: listId, user: userId });
}

export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const data = await graphql<{ invitation: InvitationPreview }>(
    'query Invitation($token: String!) { invitation(token: $token) { listId listName listColor role inviter { id displayName } expiresAt alreadyMember } }',
    { token },
  );
  return data.invitation;
}

export async function acceptInvitation(token: string): Promise<TaskList> {
  const data = await graphql<{ acceptInvitation: TaskList }>(`mutation Join($token: String!) { acceptInvitation(token: $token) { ${LIST_FIELDS} } }`, { token });
  return data.acceptInvitation;
}

/** Who is signed in: their id and the name others see. */
export async function whoAmI(): Promise<{ id: string; displayName: string }> {
  const data = await graphql<{ me: { id: string; displayName: string } }>('query Me { me { id displayName } }');
  return data.me;
}
