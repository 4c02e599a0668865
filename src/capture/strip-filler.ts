// Words people say to the assistant rather than about the task. Only whole leading/trailing phrases go.
const LEADING_FILLER: RegExp[] = [
  /^(?:hey|hi|ok(?:ay)?)[,\s]+/i,
  /^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?=remind|add|create|set|make)/i,
  /^(?:please|pls|plz)(?:[,\s]+|$)/i,
  /^remind\s+me\s+(?:to|that|about|of)\s+/i,
  /^remind\s+me(?:[,\s]+|$)/i,
  /^(?:set|add|create|make)\s+(?:a|an|me\s+a)\s+(?:reminder|task|to-?do)\s*(?::|to|for|about|that)?\s*/i,
  /^(?:reminder|to-?do|task|note(?:\s+to\s+self)?|memo)\s*(?::|-|–)\s*/i,
  /^reminder\s+(?:to|for|about)\s+/i,
  /^(?:don['’]?t|do\s+not)\s+forget\s+(?:to\s+)?/i,
  /^remember\s+to\s+/i,
  /^(?:i|we)\s+(?:really\s+)?(?:need|have|want|ought)\s+to\s+/i,
  /^(?:i|we)(?:['’]ve|\s+have)?\s+got\s+to\s+/i,
  /^(?:i|we)\s+(?:must|should|gotta)\s+/i,
  /^(?:i|we)['’]?(?:d|\s+would)\s+like\s+to\s+/i,
  /^(?:need|have)\s+to\s+/i,
];

const TRAILING_FILLER = /[,\s]+(?:please|pls|plz|thanks|thank\s+you|thx)[.!]*$/i;

/** Drops "remind me to", "please", "I need to" … from the edges of a title. */
export function stripFiller(title: string): string {
  let current = title.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const filler of LEADING_FILLER) {
      const next = current.replace(filler, '').trimStart();
      if (next !== current) {
        current = next;
        changed = true;
      }
    }
    const next = current.replace(TRAILING_FILLER, '');
    if (next !== current) {
      current = next;
      changed = true;
    }
  }
  return current;
}
