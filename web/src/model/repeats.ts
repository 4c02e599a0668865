import { repeatSentence } from './repeat-text.js';

/** The repeat choices of the task form: RFC 5545 rules, counted from the task's date (null: none). */
export const REPEAT_CHOICES: { rule: string | null; label: string }[] = [
  { rule: null, label: 'Does not repeat' },
  { rule: 'FREQ=DAILY', label: 'Every day' },
  { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', label: 'Every weekday' },
  { rule: 'FREQ=WEEKLY', label: 'Every week' },
  { rule: 'FREQ=MONTHLY', label: 'Every month' },
  { rule: 'FREQ=YEARLY', label: 'Every year' },
];

/**
 * The choices for a task whose rule is `current`: a rule the list does not hold (read from a phrase
 * such as "every other Friday", or set through the API) stays selectable as it is, said as a sentence
 * ("Every other Friday at 8:00").
 */
export function repeatChoices(current: string | null, reading: string | null, dueAt: string | null): { rule: string | null; label: string }[] {
  if (current === null || REPEAT_CHOICES.some((choice) => choice.rule === current)) return REPEAT_CHOICES;
  return [...REPEAT_CHOICES, { rule: current, label: repeatSentence(current, dueAt, reading, { withTime: true }) }];
}
