/** Labels as typed in the forms. No DOM here (unit tested). */

/**
 * "home, @Errands ,HOME" → ["home", "Errands"]: split at commas, trimmed, a leading `#`/`@` dropped,
 * empty ones and repeats (any letter case) left out, the first spelling kept (as the service keeps it).
 */
export function labelsOf(text: string): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const part of text.split(',')) {
    const label = part.trim().replace(/^[#@]+/, '').trim();
    const key = label.toLowerCase();
    if (!label || seen.has(key)) continue;
    seen.add(key);
    labels.push(label);
  }
  return labels;
}
