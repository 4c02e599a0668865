const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses "500ms", "90s", "15m", "1h", "7d" into milliseconds; null when malformed or zero. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  const millis = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return millis > 0 ? millis : null;
}
