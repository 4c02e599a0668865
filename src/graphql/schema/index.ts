import { builder } from '../builder.js';
import './scalars.js';
import './task.js';
import './reminder.js';
import './task-list.js';
import './task-change.js';
import './viewer.js';

export const schema = builder.toSchema({ sortSchema: true });
