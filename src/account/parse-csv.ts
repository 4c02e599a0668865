import { invalidRequest } from '../errors.js';

/** One CSV record and the line of the file it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 records: quoted fields with "" for a quote, CRLF or LF line ends (CRLF inside a field becomes
 * LF). Blank lines are left out; the line numbers still count them, so they match what an editor shows.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    record.push(field);
    if (!(record.length === 1 && record[0] === '')) records.push({ line: recordLine, cells: record });
    record = [];
    field = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else if (char === '\r' && source[i + 1] === '\n') {
        // A line break inside a field is kept as LF.
        field += '\n';
        line += 1;
        i += 1;
      } else {
        if (char === '\n' || char === '\r') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (quoted) throw invalidRequest(`The CSV has an unterminated quoted field (from line ${recordLine})`);
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
