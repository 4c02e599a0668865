import { invalidRequest } from '../errors.js';
import { importTooLarge, unsupportedImportType } from './account-errors.js';
import { IMPORT_MAX_BYTES, type ImportSource } from './import-account.js';

/** An uploaded file as a transport hands it over (a WHATWG File fits). */
export interface ImportFile {
  readonly name: string;
  /** The client's Content-Type for it ("" when none was sent). */
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Which import a file holds: its Content-Type decides (`application/json`, `text/csv`), else its name's extension. */
function kindOf(file: ImportFile): ImportSource['kind'] {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'export';
  if (type === 'text/csv') return 'todoistCsv';
  const untyped = type === '' || type === 'application/octet-stream';
  if (untyped && /\.json$/i.test(file.name)) return 'export';
  if (untyped && /\.csv$/i.test(file.name)) return 'todoistCsv';
  throw unsupportedImportType();
}

/** Reads an uploaded export document or Todoist CSV: at most IMPORT_MAX_BYTES of UTF-8. */
export async function importSourceOfFile(file: ImportFile): Promise<ImportSource> {
  const kind = kindOf(file);
  if (file.size > IMPORT_MAX_BYTES) throw importTooLarge(IMPORT_MAX_BYTES);
  let text: string;
  try {
    text = strictUtf8.decode(await file.arrayBuffer());
  } catch {
    throw invalidRequest('The file is not valid UTF-8');
  }
  if (kind === 'todoistCsv') return { kind, text, fileName: file.name };
  try {
    return { kind, document: JSON.parse(text) as unknown };
  } catch {
    throw invalidRequest('The file is not valid JSON');
  }
}
