import type { JobsQueryOptions, RemoveJobsOptions } from 'agenda';
import { parseJobId, toMillis } from './job-row.js';

export interface SqlFilter {
  /** Conditions to AND together; empty means "no criteria". */
  conditions: string[];
  params: unknown[];
}

const MATCH_NOTHING = '0';

function emptyFilter(): SqlFilter {
  return { conditions: [], params: [] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Lists are bound as one JSON array, so a call with 10 000 ids needs no 10 000 placeholders. */
function inList(column: string, values: unknown[], filter: SqlFilter, negate = false): void {
  filter.conditions.push(`${column} ${negate ? 'NOT IN' : 'IN'} (SELECT value FROM json_each(?))`);
  filter.params.push(JSON.stringify(values));
}

function addIds(filter: SqlFilter, id: unknown, ids: unknown[] | undefined): void {
  if (id !== undefined && id !== null && id !== '') {
    const parsed = parseJobId(id);
    if (parsed === undefined) filter.conditions.push(MATCH_NOTHING);
    else {
      filter.conditions.push('id = ?');
      filter.params.push(parsed);
    }
  } else if (ids && ids.length > 0) {
    const parsed = ids.map(parseJobId).filter((value): value is number => value !== undefined);
    if (parsed.length === 0) filter.conditions.push(MATCH_NOTHING);
    else inList('id', parsed, filter);
  }
}

/** JSON path for SQLite's json functions; keys are quoted unless they are plain identifiers. */
export function jsonPath(segments: string[]): string {
  let path = '$';
  for (const segment of segments) {
    if (segment.includes('"')) throw new Error(`Unsupported key in an Agenda data filter: ${segment}`);
    path += /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `."${segment}"`;
  }
  return path;
}

/** One comparison of a JSON value inside `data` with a JS value, types kept strict. */
function matchJsonValue(path: string, value: unknown, filter: SqlFilter): void {
  if (value === null || value === undefined) {
    filter.conditions.push(`json_type(data, ?) = 'null'`);
    filter.params.push(path);
  } else if (typeof value === 'boolean') {
    filter.conditions.push('json_type(data, ?) = ?');
    filter.params.push(path, value ? 'true' : 'false');
  } else if (typeof value === 'number') {
    filter.conditions.push(`json_type(data, ?) IN ('integer', 'real') AND json_extract(data, ?) = ?`);
    filter.params.push(path, path, value);
  } else if (typeof value === 'string' || value instanceof Date) {
    // Dates inside job data were stored by JSON.stringify, i.e. as ISO strings.
    filter.conditions.push(`json_type(data, ?) = 'text' AND json_extract(data, ?) = ?`);
    filter.params.push(path, path, value instanceof Date ? value.toISOString() : value);
  } else {
    // Arrays must match exactly; json() normalises the whitespace of the bound text.
    filter.conditions.push('json_extract(data, ?) = json(?)');
    filter.params.push(path, JSON.stringify(value));
  }
}

/**
 * `data` filter of queryJobs/cancel/disable/enable: an object matches jobs whose data contains
 * every given key with an equal value (recursively); anything else must equal the whole data.
 */
export function addDataMatch(filter: SqlFilter, pattern: unknown, segments: string[] = []): void {
  if (!isPlainObject(pattern)) {
    matchJsonValue(jsonPath(segments), pattern, filter);
    return;
  }
  const entries = Object.entries(pattern);
  if (entries.length === 0) {
    filter.conditions.push(`json_type(data, ?) = 'object'`);
    filter.params.push(jsonPath(segments));
    return;
  }
  for (const [key, value] of entries) addDataMatch(filter, value, [...segments, key]);
}

/** Which jobs cancel/disable/enable act on; returns no conditions when nothing was asked for. */
export function selectorFilter(options: RemoveJobsOptions): SqlFilter {
  const filter = emptyFilter();
  addIds(filter, options.id, options.ids);
  if (options.name) {
    filter.conditions.push('name = ?');
    filter.params.push(options.name);
  } else if (options.names && options.names.length > 0) {
    inList('name', options.names, filter);
  } else if (options.notNames && options.notNames.length > 0) {
    inList('name', options.notNames, filter, true);
  }
  if (options.data !== undefined) addDataMatch(filter, options.data);
  return filter;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function queryFilter(options: JobsQueryOptions): SqlFilter {
  const filter = emptyFilter();
  addIds(filter, options.id, options.ids);
  if (options.name) {
    filter.conditions.push('name = ?');
    filter.params.push(options.name);
  } else if (options.names && options.names.length > 0) {
    inList('name', options.names, filter);
  }
  if (options.search) {
    // LIKE is case-insensitive for ASCII, like the Mongo backend's /search/i.
    filter.conditions.push(`name LIKE ? ESCAPE '\\'`);
    filter.params.push(`%${escapeLike(options.search)}%`);
  }
  if (options.data !== undefined) addDataMatch(filter, options.data);
  if (options.includeDisabled === false) filter.conditions.push('disabled = 0');
  return filter;
}

export function whereClause(filter: SqlFilter): string {
  return filter.conditions.length > 0 ? `WHERE ${filter.conditions.join(' AND ')}` : '';
}

/** Top-level fields a `unique()` constraint may name besides `data.*` paths. */
const UNIQUE_COLUMNS: Record<string, string> = {
  name: 'name',
  type: 'type',
  priority: 'priority',
  disabled: 'disabled',
  nextRunAt: 'next_run_at',
  repeatInterval: 'repeat_interval',
  repeatAt: 'repeat_at',
  repeatTimezone: 'repeat_timezone',
  lastModifiedBy: 'last_modified_by',
};

const SAFE_SEGMENT = /^[A-Za-z0-9_-]+$/;

function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function bindable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value;
}

/**
 * Conditions for `job.unique({ 'data.reminderId': 42 })`. The JSON path is written into the SQL
 * (segments restricted to [A-Za-z0-9_-]) rather than bound, so an expression index such as
 * `json_extract(data, '$.reminderId')` can serve the lookup.
 */
export function uniqueFilter(unique: Record<string, unknown>): SqlFilter {
  const filter = emptyFilter();
  for (const [key, value] of Object.entries(unique)) {
    let expression: string;
    if (key === 'data' || key.startsWith('data.')) {
      const segments = key === 'data' ? [] : key.slice('data.'.length).split('.');
      if (!segments.every((segment) => SAFE_SEGMENT.test(segment))) {
        throw new Error(`Unsupported unique() key "${key}": path segments may use [A-Za-z0-9_-] only`);
      }
      expression = `json_extract(data, ${sqlLiteral(jsonPath(segments))})`;
    } else {
      const column = UNIQUE_COLUMNS[key];
      if (!column) throw new Error(`Unsupported unique() key "${key}"`);
      expression = column;
    }
    const bound = key === 'nextRunAt' && value !== null && value !== undefined ? toMillis(value as Date) : bindable(value);
    if (bound === null || bound === undefined) {
      filter.conditions.push(`${expression} IS NULL`);
    } else {
      filter.conditions.push(`${expression} = ?`);
      filter.params.push(bound);
    }
  }
  return filter;
}
