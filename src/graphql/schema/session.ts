import { listSessions, SESSION_LIST_MAX, type SessionView } from '../../auth/list-sessions.js';
import { revokeSession } from '../../auth/revoke-session.js';
import { builder } from '../builder.js';

const Session = builder.objectRef<SessionView>('Session').implement({
  description: 'A signed-in browser or device of the caller (a sign-in link exchanged for tokens).',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the sign-in link was used' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      description: 'The last sign-in or token refresh (about every 15 minutes while the app is open)',
    }),
    userAgent: t.exposeString('userAgent', { nullable: true, description: 'The browser that last refreshed it' }),
    current: t.exposeBoolean('current', { description: 'The session of the token this request carries' }),
  }),
});

builder.queryField('sessions', (t) =>
  t.field({
    type: [Session],
    description: `The caller's active sessions, most recently used first (at most ${SESSION_LIST_MAX}).`,
    resolve: (_root, _args, ctx) => listSessions(ctx.caller),
  }),
);

builder.mutationField('revokeSession', (t) =>
  t.field({
    type: 'Boolean',
    description:
      'Signs one of the caller\'s sessions out (this one too): its refresh token fails at once, its access tokens within ' +
      'a few seconds. true when it was active, false when it had already ended; NOT_FOUND for an id that is not the caller\'s.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revokeSession(ctx.caller, args.id),
  }),
);
