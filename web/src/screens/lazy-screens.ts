import { lazy } from '../components/lazy.js';

// The screens the first screen (the queue) does not show, each in its own chunk: fetched when first
// opened, so the first load parses and runs less.
export const TaskForm = lazy(() => import('./task-form.js').then((module) => module.TaskForm));
export const SettingsScreen = lazy(() => import('./settings.js').then((module) => module.SettingsScreen));
export const ListsScreen = lazy(() => import('./lists/lists-screen.js').then((module) => module.ListsScreen));
export const ListScreen = lazy(() => import('./lists/list-screen.js').then((module) => module.ListScreen));
export const JoinScreen = lazy(() => import('./join-screen.js').then((module) => module.JoinScreen));
export const SnoozeCard = lazy(() => import('../components/snooze-presets.js').then((module) => module.SnoozeCard));
export const ReminderNotice = lazy(() => import('../components/reminder-notice.js').then((module) => module.ReminderNotice));
