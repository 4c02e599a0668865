import { CAPTURE_LANGUAGES, type CaptureLanguage } from './languages/capture-language.js';

interface Detector {
  detect(text: string): { language: string; isReliable(): boolean };
}

let detector: Promise<Detector> | null = null;

// eld's "small" n-gram data (1.6 MB) loads on the first note whose language nobody said; the service
// does not pay for it at start-up.
function loadDetector(): Promise<Detector> {
  detector ??= import('eld/small').then(({ eld }) => {
    const own = eld.newInstance();
    own.setLanguageSubset([...CAPTURE_LANGUAGES]);
    return own;
  });
  return detector;
}

/**
 * The language of a note when neither the request, the user's setting nor Accept-Language says:
 * eld (efficient language detector) limited to the capture languages; English when it is not sure
 * (measured on the phrase table in docs/capture.md).
 */
export async function detectLanguage(text: string): Promise<CaptureLanguage> {
  const result = (await loadDetector()).detect(text);
  const language = result.language as CaptureLanguage;
  return result.isReliable() && (CAPTURE_LANGUAGES as readonly string[]).includes(language) ? language : 'en';
}
