import { snoozeReminder, SNOOZE_MAX_MINUTES, SNOOZE_MIN_MINUTES } from '../../reminders/snooze-reminder.js';
import { getTask } from '../../tasks/get-task.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { builder } from '../builder.js';
import { Task } from './task.js';

builder.mutationFields((t) => ({
  snoozeReminder: t.field({
    type: Task,
    nullable: true,
    description:
      `Makes the task's reminder fire again \`minutes\` (${SNOOZE_MIN_MINUTES} to ${SNOOZE_MAX_MINUTES}) from now without ` +
      'changing dueAt; reminderSchedule shows it (snoozedUntil). CONFLICT for a completed task.',
    args: { taskId: t.arg.id({ required: true }), minutes: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const taskId = parseTaskId(args.taskId);
      await snoozeReminder(ctx.caller, taskId, args.minutes);
      return getTask(ctx.caller, taskId);
    },
  }),
}));
