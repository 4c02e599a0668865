/** A small RFC 5545 writer: escaped text, CRLF line ends, lines folded at 75 octets. */

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME: 20261122T093000Z. */
export function formatUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * One content line folded so no physical line exceeds 75 octets: continuation lines start with a space
 * and a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines lose one octet to the leading space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export type IcsProperty = [name: string, value: string];

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components?: IcsComponent[];
}

function lines(component: IcsComponent): string[] {
  return [
    `BEGIN:${component.name}`,
    ...component.properties.map(([name, value]) => `${name}:${value}`),
    ...(component.components ?? []).flatMap(lines),
    `END:${component.name}`,
  ];
}

export function writeIcs(calendar: IcsComponent): string {
  return `${lines(calendar).map(foldLine).join('\r\n')}\r\n`;
}
