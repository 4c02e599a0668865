import { toAppPasswordView, type AppPasswordView } from '../../app-passwords/app-password-view.js';
import { createAppPassword, type CreatedAppPassword } from '../../app-passwords/create-app-password.js';
import { deleteAppPassword } from '../../app-passwords/delete-app-password.js';
import { listAppPasswords } from '../../app-passwords/list-app-passwords.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { builder } from '../builder.js';

const AppPassword = builder.objectRef<AppPasswordView>('AppPassword').implement({
  description: 'A password a calendar app signs in to CalDAV with (as REST /me/app-passwords); never its secret.',
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    name: t.exposeString('name'),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => new Date(p.createdAt) }),
    lastUsedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The last CalDAV request it signed in (to the minute); null before its first use',
      resolve: (p) => (p.lastUsedAt ? new Date(p.lastUsedAt) : null),
    }),
  }),
});

const NewAppPassword = builder.objectRef<CreatedAppPassword>('NewAppPassword').implement({
  description: 'A new app password with its secret, answered this once.',
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    name: t.exposeString('name'),
    password: t.exposeString('password', { description: 'The password of HTTP Basic on /dav/, with the user id as the user name; shown this once' }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => new Date(p.createdAt) }),
  }),
});

builder.queryField('appPasswords', (t) =>
  t.field({
    type: [AppPassword],
    description: "The caller's app passwords, as REST GET /me/app-passwords.",
    resolve: async (_root, _args, ctx) => (await listAppPasswords(ctx.caller)).map(toAppPasswordView),
  }),
);

builder.mutationFields((t) => ({
  createAppPassword: t.field({
    type: NewAppPassword,
    nullable: true,
    description: 'Makes an app password for a calendar app (as REST POST /me/app-passwords). BAD_USER_INPUT for an empty or over-long name, CONFLICT past 25.',
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => createAppPassword(ctx.caller, { name: args.name }),
  }),
  revokeAppPassword: t.boolean({
    description: 'Revokes an app password at once (as REST DELETE /me/app-passwords/{id}); NOT_FOUND for one that is not the caller’s.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteAppPassword(ctx.caller, parseTaskId(args.id));
      return true;
    },
  }),
}));
