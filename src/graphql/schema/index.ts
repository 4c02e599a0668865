import { builder } from '../builder.js';
import './scalars.js';
import './task.js';
import './reminder.js';
import './reminder-due.js';
import './task-list.js';
import './task-change.js';
import './viewer.js';
import './capture-draft.js';
import './webhook.js';
import './push.js';
import './snooze.js';
import './session.js';
import './calendar-feed.js';
import './account.js';

export const schema = builder.toSchema({ sortSchema: true });
