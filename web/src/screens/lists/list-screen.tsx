import { ArrowLeft, LogOut, Pencil, Trash2, UserPlus } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { deleteList, renameList } from '../../api/lists.js';
import { removeMember } from '../../api/sharing.js';
import type { Task, TaskList } from '../../api/types.js';
import { TaskItem } from '../../components/task-item.js';
import { personZone } from '../../model/dates.js';
import { problemOf, type Problem } from '../../model/human-errors.js';
import type { TasksState } from '../../state/use-tasks.js';
import { ListFields } from './list-fields.js';
import { ShareSheet } from './share-sheet.js';

interface Props {
  list: TaskList;
  /** The signed-in person's id. */
  me: string;
  state: TasksState;
  onOpen(task: Task): void;
  /** The list was renamed or deleted: the lists are read again. */
  onChanged(): Promise<void>;
  onBack(): void;
  onProblem(problem: Problem): void;
}

/** One list: its name as the heading, its open tasks (live, as the queue), and for its owner rename and delete. */
export function ListScreen({ list, me, state, onOpen, onChanged, onBack, onProblem }: Props) {
  const [renaming, setRenaming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const canInvite = !list.inbox && (list.role === 'OWNER' || (list.role === 'EDITOR' && list.membersCanInvite));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const zone = personZone();
  const tasks = state.tasks.filter((task) => task.listId === list.id && task.status === 'PENDING');
  const editor = list.role !== 'VIEWER';

  async function run(doing: 'list' | 'delete-list' | 'share', work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onProblem(problemOf(error, doing));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card list-screen" aria-labelledby="list-heading">
      <h2 id="list-heading">
        {!list.inbox && <span class="list-dot" style={list.color ? { background: list.color } : undefined} aria-hidden="true" />}
        {list.name}
      </h2>
      {list.memberCount > 1 && <p class="hint">Shared: {list.memberCount} people are in this list.</p>}
      {list.role === 'VIEWER' && <p class="hint">You can see this list; its owner has not let you change it.</p>}
      {sharing && <ShareSheet list={list} me={me} onClose={() => (setSharing(false), void onChanged())} onProblem={onProblem} />}
      {tasks.length === 0 ? (
        <p class="empty">Nothing open in this list.</p>
      ) : (
        <ul class="tasks">
          {tasks.map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              now={state.now}
              timeZone={zone}
              onComplete={editor ? (done) => void state.complete(done) : undefined}
              onSnooze={editor && !task.recurrence ? (later) => void state.snooze(later) : undefined}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
      {renaming && (
        <ListFields
          heading="Rename list"
          submitLabel="Save"
          initial={{ name: list.name, color: list.color }}
          busy={busy}
          onSubmit={(name, color) =>
            void run('list', async () => {
              await renameList(list.id, name, color);
              setRenaming(false);
              await onChanged();
            })
          }
          onCancel={() => setRenaming(false)}
        />
      )}
      {confirming && (
        <div class="confirm" role="group" aria-label="Delete this list?">
          <p>
            Delete “{list.name}” and its {list.openCount === 1 ? 'task' : 'tasks'}? Everyone it is shared with loses it too.
          </p>
          <div class="actions">
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() =>
                void run('delete-list', async () => {
                  await deleteList(list.id);
                  await onChanged();
                  onBack();
                })
              }
            >
              <Trash2 aria-hidden="true" />
              Delete list
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <div class="actions">
        <button type="button" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          All lists
        </button>
        {canInvite && !sharing && (
          <button type="button" class="primary" onClick={() => setSharing(true)}>
            <UserPlus aria-hidden="true" />
            Share list
          </button>
        )}
        {list.role !== 'OWNER' && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run('share', async () => {
                await removeMember(list.id, me);
                await onChanged();
                await state.refresh();
                onBack();
              })
            }
          >
            <LogOut aria-hidden="true" />
            Leave list
          </button>
        )}
        {list.role === 'OWNER' && !renaming && (
          <button type="button" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden="true" />
            Rename list
          </button>
        )}
        {list.role === 'OWNER' && !list.inbox && !confirming && (
          <button type="button" class="danger push" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete…
          </button>
        )}
      </div>
    </section>
  );
}
