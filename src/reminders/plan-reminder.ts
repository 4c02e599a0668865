export interface ReminderInputs {
  status: string;
  dueAt: Date | null;
  remindBefore: number | null;
}

export interface ReminderPlan {
  offsetMinutes: number;
  dueAt: Date;
  /** When it should fire: dueAt - offset, or now if that moment has passed but dueAt has not. */
  fireAt: Date;
}

/**
 * What a task's reminder should be now: none for a completed task, a task without a due time or
 * offset, or a due time already past; otherwise dueAt - offset, brought forward to now when that is
 * already past (the task is still ahead, so the reminder is still useful).
 */
export function planReminder(task: ReminderInputs, now: Date): ReminderPlan | null {
  if (task.status !== 'pending' || task.dueAt === null || task.remindBefore === null) return null;
  if (task.dueAt.getTime() <= now.getTime()) return null;
  const planned = task.dueAt.getTime() - task.remindBefore * 60_000;
  return {
    offsetMinutes: task.remindBefore,
    dueAt: task.dueAt,
    fireAt: new Date(Math.max(planned, now.getTime())),
  };
}
