import type { Agenda } from 'agenda';

/** A job Agenda runs every `intervalMs` on the service's one Agenda instance. */
export interface RecurringJob {
  name: string;
  intervalMs: number;
  /** Registers the job's handler (agenda.define). */
  define(agenda: Agenda): void;
}
