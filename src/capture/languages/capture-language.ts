/** The languages capture reads, as BCP 47 primary language subtags. */
export const CAPTURE_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'nl', 'it'] as const;

export type CaptureLanguage = (typeof CAPTURE_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<CaptureLanguage, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  pt: 'Portuguese',
  nl: 'Dutch',
  it: 'Italian',
};

// A language tag's shape (RFC 5646, loosely): a 2–3 letter primary subtag, then subtags of 1–8 letters or digits.
const TAG_SHAPE = /^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$/;

/** "de", "de-AT", "PT_br" → the capture language; null when the tag is malformed or names another language. */
export function captureLanguageOf(tag: string): CaptureLanguage | null {
  const primary = TAG_SHAPE.exec(tag.trim())?.[1]?.toLowerCase();
  return primary && (CAPTURE_LANGUAGES as readonly string[]).includes(primary) ? (primary as CaptureLanguage) : null;
}

/**
 * The first capture language an Accept-Language header asks for, by quality (ties in the header's
 * order); null when it names none of them. "*" and languages Tickler does not read are passed over.
 */
export function languageOfAcceptHeader(header: string | undefined): CaptureLanguage | null {
  if (!header || header.length > 1000) return null;
  const ranked = header
    .split(',')
    .map((item, index) => {
      const [tag = '', ...params] = item.split(';').map((part) => part.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = captureLanguageOf(tag);
    if (language) return language;
  }
  return null;
}
