import type { Chrono } from 'chrono-node';
import type { CaptureLanguage } from './capture-language.js';
import { german } from './de.js';
import { english } from './en.js';
import { french } from './fr.js';
import { spanish } from './es.js';
import { portuguese } from './pt.js';
import { dutch } from './nl.js';
import { italian } from './it.js';
import type { LanguageGrammar } from './language-grammar.js';

const GRAMMARS: Record<CaptureLanguage, LanguageGrammar> = {
  en: english,
  de: german,
  fr: french,
  es: spanish,
  pt: portuguese,
  nl: dutch,
  it: italian,
};

const chronos = new Map<CaptureLanguage, Chrono>();

export function grammarFor(language: CaptureLanguage): LanguageGrammar {
  return GRAMMARS[language];
}

/** The language's chrono, built on first use and kept (it holds no per-call state). */
export function chronoFor(grammar: LanguageGrammar): Chrono {
  let chrono = chronos.get(grammar.language);
  if (!chrono) {
    chrono = grammar.createChrono();
    chronos.set(grammar.language, chrono);
  }
  return chrono;
}
