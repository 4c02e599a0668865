/**
 * A list fetched again, keeping what did not change: each item equal (same JSON) to the one it replaces
 * keeps its old object, and when nothing changed at all the old array itself is kept. The queue's rows
 * and groups are worked out from those objects, so a refresh that finds nothing new draws nothing again
 * (the first load fetches the queue, then the live subscription's start fetches it once more). No DOM here.
 */
export function keepUnchanged<T extends { id: string }>(before: T[], after: T[]): T[] {
  if (before.length === 0) return after;
  const known = new Map(before.map((item) => [item.id, item]));
  let same = before.length === after.length;
  const kept = after.map((item, index) => {
    const old = known.get(item.id);
    if (old === undefined || JSON.stringify(old) !== JSON.stringify(item)) {
      same = false;
      return item;
    }
    if (before[index] !== old) same = false;
    return old;
  });
  return same ? before : kept;
}
