/** A half-open range [start, end) of character offsets in the captured text. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Sorted, with overlapping or touching spans joined. */
export function mergeSpans(spans: readonly TextSpan[]): TextSpan[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: TextSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Blanks the spans with spaces so later parsers skip them while every offset stays valid. */
export function maskSpans(text: string, spans: readonly TextSpan[]): string {
  let masked = text;
  for (const { start, end } of spans) {
    masked = masked.slice(0, start) + ' '.repeat(end - start) + masked.slice(end);
  }
  return masked;
}
