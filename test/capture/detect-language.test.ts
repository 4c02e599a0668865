import { describe, expect, it } from 'vitest';
import { CAPTURE_LANGUAGES } from '../../src/capture/languages/capture-language.js';
import { detectLanguage } from '../../src/capture/detect-language.js';
import { captureLanguageOf, languageOfAcceptHeader } from '../../src/capture/languages/capture-language.js';
import { allTables } from './tables/all-tables.js';

describe('detectLanguage on short task phrases', () => {
  it('names the language of at least 98% of the phrase table (every phrase is one short note)', async () => {
    const phrases = allTables().flatMap((table) => table.cases.map((c) => ({ text: c.text, language: table.language })));
    const right = new Map<string, [number, number]>();
    for (const { text, language } of phrases) {
      const counts = right.get(language) ?? [0, 0];
      if ((await detectLanguage(text)) === language) counts[0] += 1;
      counts[1] += 1;
      right.set(language, counts);
    }
    const hits = [...right.values()].reduce((sum, [hit]) => sum + hit, 0);
    console.log(`detection: ${hits}/${phrases.length}; ${[...right].map(([l, [h, t]]) => `${l} ${h}/${t}`).join(', ')}`);
    expect(hits / phrases.length).toBeGreaterThanOrEqual(0.98);
    for (const language of CAPTURE_LANGUAGES) {
      const [hit, total] = right.get(language)!;
      expect(hit / total, language).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('reads the phrases of the issue in their language', async () => {
    expect(await detectLanguage('Zahnarzt morgen um 15 Uhr')).toBe('de');
    expect(await detectLanguage('appeler maman demain à 17h')).toBe('fr');
    expect(await detectLanguage('llamar a mamá mañana a las 5 de la tarde')).toBe('es');
    expect(await detectLanguage('toda segunda-feira')).toBe('pt');
    expect(await detectLanguage('elke werkdag')).toBe('nl');
    expect(await detectLanguage('ogni ultimo venerdì del mese')).toBe('it');
  });

  it('falls back to English when it cannot tell', async () => {
    for (const text of ['42', '🎂', '11/24 15:00', 'ok']) expect(await detectLanguage(text)).toBe('en');
  });
});

describe('capture language tags', () => {
  it('takes the primary subtag of a BCP 47 tag in any letter case, and nothing capture does not read', () => {
    expect(captureLanguageOf('de')).toBe('de');
    expect(captureLanguageOf('PT-br')).toBe('pt');
    expect(captureLanguageOf('nl_BE')).toBe('nl');
    for (const tag of ['ja', 'deu', 'd', 'de-', '-de', 'english', '']) expect(captureLanguageOf(tag)).toBeNull();
  });

  it('picks the first capture language of Accept-Language by quality, passing over others and *', () => {
    expect(languageOfAcceptHeader('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr');
    expect(languageOfAcceptHeader('ja, zh;q=0.9, it;q=0.4')).toBe('it');
    expect(languageOfAcceptHeader('en;q=0.2, es;q=0.8')).toBe('es');
    expect(languageOfAcceptHeader('de;q=0, nl')).toBe('nl');
    expect(languageOfAcceptHeader('*')).toBeNull();
    expect(languageOfAcceptHeader(undefined)).toBeNull();
    expect(languageOfAcceptHeader('ja-JP')).toBeNull();
  });
});
