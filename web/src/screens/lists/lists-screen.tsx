import { ArrowLeft, Inbox, Plus, Users } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { createList } from '../../api/lists.js';
import type { TaskList } from '../../api/types.js';
import { problemOf, type Problem } from '../../model/human-errors.js';
import { ListFields } from './list-fields.js';

interface Props {
  lists: TaskList[];
  onOpen(list: TaskList): void;
  /** A list was made: the lists are read again. */
  onChanged(): Promise<void>;
  onBack(): void;
  onProblem(problem: Problem): void;
}

/** "Lists": the Inbox, then every list the person is in (own and shared) with its open tasks, and "New list". */
export function ListsScreen({ lists, onOpen, onChanged, onBack, onProblem }: Props) {
  const [making, setMaking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function make(name: string, color: string | null) {
    setBusy(true);
    try {
      const made = await createList(name, color);
      setMaking(false);
      await onChanged();
      onOpen(made);
    } catch (error) {
      onProblem(problemOf(error, 'list'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card lists" aria-labelledby="lists-heading">
      <h2 id="lists-heading">Lists</h2>
      <ul class="list-index">
        {lists.map((list) => (
          <li key={list.id}>
            <button type="button" class="list-row" onClick={() => onOpen(list)}>
              {list.inbox ? (
                <Inbox aria-hidden="true" />
              ) : (
                <span class="list-dot" style={list.color ? { background: list.color } : undefined} aria-hidden="true" />
              )}
              <span class="list-row-name">{list.name}</span>
              {list.memberCount > 1 && (
                <span class="list-row-shared" title={`Shared with ${list.memberCount - 1}`}>
                  <Users aria-hidden="true" />
                  <span class="sr-only">shared,</span>
                </span>
              )}
              <span class="count">
                {list.openCount}
                <span class="sr-only"> open</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {making ? (
        <ListFields heading="New list" submitLabel="Create list" busy={busy} onSubmit={make} onCancel={() => setMaking(false)} />
      ) : (
        <div class="actions">
          <button type="button" class="primary" onClick={() => setMaking(true)}>
            <Plus aria-hidden="true" />
            New list
          </button>
          <button type="button" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back
          </button>
        </div>
      )}
    </section>
  );
}
