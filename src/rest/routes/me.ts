import type { FastifyInstance } from 'fastify';
import type { EmailDeps } from '../../email/email-deps.js';
import { setEmailAddress } from '../../email/set-email-address.js';
import { CAPTURE_LANGUAGES } from '../../capture/languages/capture-language.js';
import { getUser, type UserRecord } from '../../users/get-user.js';
import { checkUserSettings, updateMe, type UserSettingsPatch } from '../../users/update-me.js';
import { requireMediaType } from '../require-media-type.js';
import { errorResponses } from '../schemas.js';

const settingsSchema = {
  description: "The caller's settings",
  type: 'object',
  required: ['id', 'displayName', 'timeZone', 'language', 'email', 'emailConfirmed'],
  properties: {
    id: { type: 'string', description: 'The subject of the bearer token' },
    displayName: {
      type: 'string',
      description: 'How the people the caller shares lists with see them: set by PATCH /me, else from the identity provider\'s `name` or `preferred_username` claim, else the user id',
    },
    timeZone: { type: 'string', description: 'IANA name; decides what "today" means' },
    language: {
      type: ['string', 'null'],
      enum: [...CAPTURE_LANGUAGES, null],
      description: 'The language capture reads notes in; null: each capture decides (its `lang`, Accept-Language, then the text)',
    },
    email: { type: ['string', 'null'], description: 'Where reminders and the digest are mailed; null: none' },
    emailConfirmed: { type: 'boolean', description: 'Whether the address was confirmed (its link used); nothing but the confirmation is mailed before' },
  },
} as const;

const patchSchema = {
  type: 'object',
  description: 'A JSON merge patch (RFC 7396): fields left out stay as they are. Other fields are ignored.',
  properties: {
    displayName: { type: 'string', description: '1 to 100 characters after trimming' },
    timeZone: { type: 'string', description: 'An IANA time zone name such as "Europe/Berlin" (any letter case; stored canonically)' },
    language: {
      type: ['string', 'null'],
      description: `A BCP 47 language tag whose primary subtag is one of ${CAPTURE_LANGUAGES.join(', ')} ("pt-BR" is stored as "pt"); null clears it`,
    },
    email: {
      type: ['string', 'null'],
      description:
        'An email address: stored unconfirmed, and a confirmation link is mailed to it (a single-use link to /mail/<token>/confirm). The same address again changes nothing; null removes it. 404 email/unavailable when the server has no SMTP_URL.',
    },
  },
} as const;

function toSettingsView(user: UserRecord) {
  return {
    id: user.id,
    displayName: user.displayName ?? user.id,
    timeZone: user.timeZone,
    language: user.language,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
  };
}

export interface MeRouteDeps {
  email: EmailDeps;
}

/** GET and PATCH /me: the caller's own settings (display name, time zone, capture language, email address), as GraphQL me and updateMe. */
export const meRoutes = (deps: MeRouteDeps) => async (app: FastifyInstance): Promise<void> => {
  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        summary: "The caller's settings",
        description: 'Their display name, time zone, capture language and email address.',
        tags: ['account'],
        response: { 200: settingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => toSettingsView(await getUser(request.caller)),
  );

  app.patch<{ Body: UserSettingsPatch & { email?: string | null } }>(
    '/me',
    {
      onRequest: requireMediaType('application/merge-patch+json', 'application/json'),
      schema: {
        operationId: 'updateMe',
        summary: "Change the caller's settings",
        description:
          'Sets `displayName` (shown to the people the caller shares lists with), `timeZone`, `language` (the language capture reads notes in) and/or `email` (mailed a confirmation link; unconfirmed addresses get nothing else). An empty or over-long display name, an unknown time zone, a language capture does not read or a malformed address is 400 and changes nothing.',
        tags: ['account'],
        body: patchSchema,
        response: { 200: settingsSchema, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const patch: UserSettingsPatch = {};
      if (Object.hasOwn(request.body, 'timeZone')) patch.timeZone = request.body.timeZone;
      if (Object.hasOwn(request.body, 'language')) patch.language = request.body.language;
      if (Object.hasOwn(request.body, 'displayName')) patch.displayName = request.body.displayName;
      if (!Object.hasOwn(request.body, 'email')) return toSettingsView(await updateMe(request.caller, patch));
      // Every value is checked before anything is stored: a refused address (or a refused mail) changes no other setting.
      checkUserSettings(patch);
      await setEmailAddress(request.caller, request.body.email, deps.email);
      return toSettingsView(await updateMe(request.caller, patch));
    },
  );
};
