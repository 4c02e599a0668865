import { foldLine } from '../calendar/ics-writer.js';

/*
 * iCalendar as content lines, untouched: what Tickler does not model is kept exactly as the client
 * wrote it (parameters, escaping, value), which a parse-and-print round trip through a library would
 * not promise. Lines are unfolded here and folded again when written.
 */

/** A component as its unfolded property lines (in order) and its subcomponents. */
export interface RawComponent {
  name: string;
  lines: string[];
  components: RawComponent[];
}

/** The upper-case name of a content line (`X-APPLE-SORT-ORDER` of `x-apple-sort-order;VALUE=INTEGER:3`). */
export function lineName(line: string): string {
  const end = line.search(/[;:]/);
  return (end < 0 ? line : line.slice(0, end)).toUpperCase();
}

/** The value of a content line: what follows the first colon outside a quoted parameter value. */
export function lineValue(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) return line.slice(i + 1);
  }
  return '';
}

export function unfoldLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** The first component of the text (and everything in it); null when BEGIN and END do not pair up. */
export function readRawComponent(text: string): RawComponent | null {
  const stack: RawComponent[] = [];
  let root: RawComponent | null = null;
  for (const line of unfoldLines(text)) {
    const name = lineName(line);
    if (name === 'BEGIN') {
      const component: RawComponent = { name: lineValue(line).trim().toUpperCase(), lines: [], components: [] };
      if (stack.length > 0) stack.at(-1)!.components.push(component);
      else if (root === null) root = component;
      else return null;
      stack.push(component);
    } else if (name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== lineValue(line).trim().toUpperCase()) return null;
    } else if (stack.length > 0) {
      stack.at(-1)!.lines.push(line);
    }
  }
  return stack.length === 0 ? root : null;
}

/** A component back as unfolded lines. */
export function componentLines(component: RawComponent): string[] {
  return [`BEGIN:${component.name}`, ...component.lines, ...component.components.flatMap(componentLines), `END:${component.name}`];
}

/** Lines as an iCalendar text: folded at 75 octets, CRLF line ends. */
export function writeLines(lines: string[]): string {
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
