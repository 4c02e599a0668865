import { getUser } from '../../users/get-user.js';
import { setTimeZone } from '../../users/set-time-zone.js';
import { builder } from '../builder.js';

const Viewer = builder.prismaObject('User', {
  name: 'Viewer',
  description: 'The caller: the subject of the bearer token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    timeZone: t.exposeString('timeZone', { description: 'IANA name; decides what "today" means' }),
  }),
});

builder.queryField('me', (t) => t.field({ type: Viewer, resolve: (_root, _args, ctx) => getUser(ctx.caller) }));

builder.mutationField('setTimeZone', (t) =>
  t.field({
    type: Viewer,
    nullable: true,
    description: 'Sets the caller\'s time zone; IANA names only ("Europe/Paris"), stored in canonical form.',
    args: { timeZone: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => setTimeZone(ctx.caller, args.timeZone),
  }),
);
