import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/api-error.js';
import { searchTasks } from '../api/tasks.js';
import type { Task } from '../api/types.js';
import { searchLocally } from '../model/search.js';

/** How long typing must pause before the service is asked. */
const DEBOUNCE_MS = 250;

export interface SearchState {
  query: string;
  setQuery(query: string): void;
  /** Null while nothing is asked (an empty query) or before the first answer. */
  results: Task[] | null;
  /** The answer came from this device's tasks (offline), not from the service. */
  local: boolean;
  searching: boolean;
  failed: boolean;
}

/**
 * Search as you type: the service searches every list (titles and descriptions) once typing pauses;
 * offline, the tasks this page holds are searched instead. An answer to an older query is dropped.
 */
export function useSearch(cached: () => readonly Task[]): SearchState {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Task[] | null>(null);
  const [local, setLocal] = useState(false);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    const text = query.trim();
    const ask = ++asked.current;
    if (!text) {
      setResults(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    const timer = window.setTimeout(() => {
      searchTasks(text).then(
        (found) => {
          if (ask !== asked.current) return;
          setResults(found);
          setLocal(false);
          setFailed(false);
          setSearching(false);
        },
        (error: unknown) => {
          if (ask !== asked.current) return;
          const offline = error instanceof ApiError && error.status === 0;
          setResults(offline ? searchLocally(cached(), text) : []);
          setLocal(offline);
          setFailed(!offline);
          setSearching(false);
        },
      );
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  return { query, setQuery, results, local, searching, failed };
}
