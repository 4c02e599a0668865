import { snoozeReminder, SNOOZE_MAX_MINUTES, SNOOZE_MIN_MINUTES, SNOOZE_UNTIL_MAX_DAYS } from '../../reminders/snooze-reminder.js';
import { getTask } from '../../tasks/get-task.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { builder } from '../builder.js';
import { Task } from './task.js';

builder.mutationFields((t) => ({
  snoozeReminder: t.field({
    type: Task,
    nullable: true,
    description:
      `Makes the task's reminder fire again \`minutes\` (${SNOOZE_MIN_MINUTES} to ${SNOOZE_MAX_MINUTES}) from now, or \`until\` an instant ` +
      `(in the future, at most ${SNOOZE_UNTIL_MAX_DAYS} days ahead): exactly one of the two. dueAt does not change; a nagging reminder stops; ` +
      'reminderSchedule shows it (snoozedUntil). CONFLICT for a completed task.',
    args: {
      taskId: t.arg.id({ required: true }),
      minutes: t.arg.int(),
      until: t.arg({ type: 'DateTime', description: 'Instead of minutes: when to fire again (e.g. 18:00 local, "this evening")' }),
    },
    resolve: async (_root, args, ctx) => {
      const taskId = parseTaskId(args.taskId);
      await snoozeReminder(ctx.caller, taskId, { minutes: args.minutes, until: args.until });
      return getTask(ctx.caller, taskId);
    },
  }),
}));
