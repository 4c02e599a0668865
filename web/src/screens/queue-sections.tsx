import { useMemo, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { Task } from '../api/types.js';
import { groupTasks } from '../model/dates.js';
import { useProgressiveCount } from '../state/use-progressive.js';

interface Props {
  tasks: readonly Task[];
  /** The signed-in person's id: tasks assigned to them come first. */
  me: string | null;
  now: Date;
  zone: string;
  loaded: boolean;
  /** Draws a list of rows (the queue's own). */
  rows(list: Task[]): ComponentChildren;
}

/**
 * The queue's sections: Assigned to you (when there is something), Overdue (likewise), Today and
 * Upcoming. A long queue is drawn in steps on the first load, in the queue's order; only this part is
 * drawn again on each step, and the grouping is worked out once per change of the tasks or the minute.
 */
export function QueueSections({ tasks, me, now, zone, loaded, rows }: Props) {
  const { pending, assigned, all } = useMemo(() => {
    const open = tasks.filter((task) => task.status === 'PENDING');
    const mine = me ? open.filter((task) => task.assignee?.id === me) : [];
    const others = mine.length > 0 ? open.filter((task) => task.assignee?.id !== me) : open;
    return { pending: open, assigned: mine, all: groupTasks(others, now, zone) };
  }, [tasks, me, now, zone]);
  // Coming back, the rows must be there at once for the scroll position.
  const [firstLoad] = useState(() => !loaded);
  const drawn = useProgressiveCount(pending.length, firstLoad);
  const assignedShown = Math.min(assigned.length, drawn);
  const overdueShown = Math.min(all.overdue.length, drawn - assignedShown);
  const todayShown = Math.min(all.today.length, drawn - assignedShown - overdueShown);
  const upcomingShown = drawn - assignedShown - overdueShown - todayShown;
  const section = (id: string, heading: string, list: Task[], count: number, empty: string) => (
    <section aria-labelledby={id} class="group">
      <div class={id === 'overdue' ? 'group-heading overdue' : 'group-heading'}>
        <h2 id={id}>{heading}</h2>
        {count > 0 && <span class="count">{count}</span>}
      </div>
      {count === 0 ? <p class="empty">{empty}</p> : rows(list)}
    </section>
  );
  // One placeholder until the first answer, so no heading moves when the tasks arrive.
  if (!loaded) return <p class="empty">Loading…</p>;
  return (
    <>
      {assigned.length > 0 && section('assigned', 'Assigned to you', assigned.slice(0, assignedShown), assigned.length, '')}
      {all.overdue.length > 0 && section('overdue', 'Overdue', all.overdue.slice(0, overdueShown), all.overdue.length, '')}
      {section('today', 'Today', all.today.slice(0, todayShown), all.today.length, 'Nothing left for today.')}
      {section('upcoming', 'Upcoming', all.upcoming.slice(0, upcomingShown), all.upcoming.length, 'Nothing planned yet.')}
    </>
  );
}
