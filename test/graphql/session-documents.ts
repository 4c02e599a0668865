/** The sign-in session operations the tests send (typed by `npm run codegen`, like documents.ts). */
import { graphql } from './generated/gql.js';

export const SessionsQuery = graphql(`
  query Sessions {
    sessions {
      id
      createdAt
      lastUsedAt
      userAgent
      current
    }
  }
`);

export const RevokeSessionMutation = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);
