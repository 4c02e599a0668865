/** Matching tasks by text on this device, when the service cannot be asked. No DOM here (unit tested). */

export interface Searchable {
  title: string;
  description: string;
}

/** Lower-cased, accents folded, spaces squeezed: "Crème  Brûlée" and "creme brulee" match. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The tasks whose title or description holds every word of `query`, in their given order. */
export function searchLocally<T extends Searchable>(tasks: readonly T[], query: string): T[] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return tasks.filter((task) => {
    const haystack = foldText(`${task.title} ${task.description}`);
    return words.every((word) => haystack.includes(word));
  });
}
