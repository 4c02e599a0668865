import type { JobParameters } from 'agenda';
import { afterEach, beforeEach } from 'vitest';
import { SqliteBackend, type SqliteJobRepository } from '../../src/index.js';
import { createTempDatabase, type TempDatabase } from './temp-database.js';

export const MINUTE = 60_000;

export function job(overrides: Partial<JobParameters> & { name: string }): JobParameters {
  return { priority: 0, nextRunAt: new Date(), type: 'normal', data: {}, ...overrides };
}

export interface RepositoryFixture {
  temp: TempDatabase;
  backend: SqliteBackend;
  repo: SqliteJobRepository;
  /** Claims with the arguments Agenda passes: due within 5 s, locks older than 10 min are dead. */
  claim(name: string, now?: Date): ReturnType<SqliteJobRepository['getNextJobToRun']>;
}

/** A connected backend on a fresh file for every test of the calling file. */
export function useRepository(): RepositoryFixture {
  const fixture = {} as RepositoryFixture;
  beforeEach(async () => {
    fixture.temp = createTempDatabase();
    fixture.backend = new SqliteBackend({ filename: fixture.temp.filename });
    await fixture.backend.connect();
    fixture.repo = fixture.backend.repository;
    fixture.claim = (name, now = new Date()) =>
      fixture.repo.getNextJobToRun(name, new Date(now.getTime() + 5000), new Date(now.getTime() - 10 * MINUTE), now, {
        lastModifiedBy: 'test-worker',
      });
  });
  afterEach(async () => {
    await fixture.backend.disconnect();
    fixture.temp.remove();
  });
  return fixture;
}
