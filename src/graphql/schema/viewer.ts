import { getUser } from '../../users/get-user.js';
import { CAPTURE_LANGUAGES } from '../../capture/languages/capture-language.js';
import { setTimeZone } from '../../users/set-time-zone.js';
import { checkUserSettings, updateMe } from '../../users/update-me.js';
import { builder } from '../builder.js';
import { setEmailAddress } from '../../email/set-email-address.js';

const Viewer = builder.prismaObject('User', {
  name: 'Viewer',
  description: 'The caller: the subject of the bearer token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    displayName: t.string({
      description: "How the people the caller shares lists with see them (updateMe sets it; else the identity provider's name, else the user id)",
      resolve: (user) => user.displayName ?? user.id,
    }),
    timeZone: t.exposeString('timeZone', { description: 'IANA name; decides what "today" means' }),
    language: t.exposeString('language', {
      nullable: true,
      description: `The language capture reads notes in (${CAPTURE_LANGUAGES.join(', ')}); null: each capture decides (its \`lang\`, Accept-Language, then the text)`,
    }),
    email: t.exposeString('email', { nullable: true, description: 'Where reminders and the digest are mailed; null: none' }),
    emailConfirmed: t.boolean({
      description: 'Whether the address was confirmed (its link used); nothing but the confirmation is mailed before',
      resolve: (user) => user.emailConfirmedAt !== null,
    }),
  }),
});

const UpdateMeInput = builder.inputType('UpdateMeInput', {
  description: 'Fields left out stay as they are.',
  fields: (t) => ({
    displayName: t.string({ description: '1 to 100 characters after trimming: how the people the caller shares lists with see them' }),
    timeZone: t.string({ description: 'An IANA time zone name such as "Europe/Berlin"' }),
    language: t.string({
      description: `A BCP 47 language tag whose primary subtag is one of ${CAPTURE_LANGUAGES.join(', ')} ("pt-BR" is stored as "pt"); null clears it`,
    }),
    email: t.string({
      description: 'An email address: stored unconfirmed and mailed a single-use confirmation link; null removes it. NOT_FOUND (email/unavailable) without SMTP_URL.',
    }),
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

builder.mutationField('updateMe', (t) =>
  t.field({
    type: Viewer,
    nullable: true,
    description:
      "Changes the caller's settings, like REST PATCH /me. Errors: BAD_USER_INPUT for an empty or over-long display name, an unknown time zone, a language capture does not read or a malformed address (nothing is changed).",
    args: { input: t.arg({ type: UpdateMeInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const patch = {
        ...(input.timeZone !== undefined && input.timeZone !== null ? { timeZone: input.timeZone } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(input.displayName !== undefined && input.displayName !== null ? { displayName: input.displayName } : {}),
      };
      if (input.email !== undefined) {
        // Every value is checked before anything is stored: a refused address changes no other setting.
        checkUserSettings(patch);
        await setEmailAddress(ctx.caller, input.email, ctx.email);
      }
      return updateMe(ctx.caller, patch);
    },
  }),
);
