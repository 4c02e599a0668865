import type { ServiceContext } from '../context.js';
import { invalidCapture } from './capture-errors.js';
import { CAPTURE_LANGUAGES, captureLanguageOf, languageOfAcceptHeader, type CaptureLanguage } from './languages/capture-language.js';

/**
 * The capture language known before the text is read: the request's `lang` (400 when capture does not
 * read it), else the user's setting, else the first capture language of Accept-Language; null when
 * none says (the text then decides, detect-language.ts).
 */
export async function knownCaptureLanguage(
  ctx: ServiceContext,
  input: { language?: string | undefined; acceptLanguage?: string | undefined },
): Promise<CaptureLanguage | null> {
  if (input.language !== undefined) {
    const language = input.language.length <= 35 ? captureLanguageOf(input.language) : null;
    if (!language) {
      throw invalidCapture(`lang must be one of ${CAPTURE_LANGUAGES.join(', ')} (a BCP 47 language tag), got "${input.language.slice(0, 35)}"`);
    }
    return language;
  }
  const user = await ctx.db.user.findUnique({ where: { id: ctx.userId }, select: { language: true } });
  const stored = user?.language ? captureLanguageOf(user.language) : null;
  return stored ?? languageOfAcceptHeader(input.acceptLanguage);
}
