import { graphql } from './client.js';

export interface AppPassword {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listAppPasswords(): Promise<AppPassword[]> {
  return (await graphql<{ appPasswords: AppPassword[] }>('{ appPasswords { id name createdAt lastUsedAt } }')).appPasswords;
}

/** The password is in this answer only. */
export async function createAppPassword(name: string): Promise<AppPassword & { password: string }> {
  const data = await graphql<{ createAppPassword: AppPassword & { password: string } }>(
    'mutation AppPassword($name: String!) { createAppPassword(name: $name) { id name password createdAt } }',
    { name },
  );
  return { ...data.createAppPassword, lastUsedAt: null };
}

export async function revokeAppPassword(id: string): Promise<void> {
  await graphql('mutation Revoke($id: ID!) { revokeAppPassword(id: $id) }', { id });
}
