// Package entry point: the public API of @tickler/agenda-sqlite-backend.
export { SqliteBackend, type SqliteBackendOptions } from './sqlite-backend.js';
export { SqliteJobRepository, type SqliteJobRepositoryOptions } from './sqlite-job-repository.js';
export { SqliteJobLogger } from './sqlite-job-logger.js';
export { SqliteConnection, type SqliteConnectionOptions, type SynchronousMode } from './sqlite-connection.js';
export { jobsSchemaStatements, logsSchemaStatements } from './schema.js';
