import { Search } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import type { SearchState } from '../state/use-search.js';

interface Props {
  search: SearchState;
  /** Draws the found tasks (the queue's own rows). */
  children: (tasks: NonNullable<SearchState['results']>) => ComponentChildren;
}

/** "Search tasks": answered as you type, across every list; what it found replaces the queue while shown. */
export function SearchBox({ search, children }: Props) {
  const { query, results, local, searching, failed } = search;
  return (
    <div class="search">
      <label class="field search-field">
        <span class="sr-only">Search tasks</span>
        <input
          type="search"
          placeholder="Search tasks"
          value={query}
          onInput={(event) => search.setQuery(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Escape' && search.setQuery('')}
        />
      </label>
      {query.trim() !== '' && (
        <section aria-labelledby="search-results" class="group">
          <div class="group-heading">
            <h2 id="search-results">
              <Search aria-hidden="true" size={14} /> Search results
            </h2>
            {results && results.length > 0 && <span class="count">{results.length}</span>}
          </div>
          <p class="search-note" role="status">
            {searching && !results
              ? 'Searching…'
              : failed
                ? 'Search is not answering right now. Try again in a moment.'
                : results?.length === 0
                  ? `No task matches “${query.trim()}”.`
                  : local
                    ? 'Offline: these are the matching tasks on this device.'
                    : ''}
          </p>
          {results && results.length > 0 && children(results)}
        </section>
      )}
    </div>
  );
}
