import { invalidUserSetting } from '../errors.js';
import { CAPTURE_LANGUAGES, captureLanguageOf, type CaptureLanguage } from '../capture/languages/capture-language.js';

/** A user's capture language: a BCP 47 tag whose primary subtag capture reads ("de", "pt-BR" → "pt"); 400 otherwise. */
export function validateLanguage(raw: unknown): CaptureLanguage {
  const language = typeof raw === 'string' && raw.length <= 35 ? captureLanguageOf(raw) : null;
  if (!language) {
    throw invalidUserSetting(`language must be one of ${CAPTURE_LANGUAGES.join(', ')} (a BCP 47 language tag), got "${String(raw).slice(0, 35)}"`);
  }
  return language;
}
