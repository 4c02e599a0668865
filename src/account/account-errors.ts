import { AppError } from '../errors.js';

/** An export too large to answer whole (GraphQL cannot stream one); GET /me/export streams any size. */
export const exportTooLarge = (maxBytes: number) =>
  new AppError(
    'account/export_too_large',
    413,
    `The export is larger than ${maxBytes / (1024 * 1024)} MiB, more than one GraphQL answer carries; GET /me/export streams it whole`,
  );

export const importTooLarge = (maxBytes: number) =>
  new AppError('request/body_too_large', 413, `An import is at most ${maxBytes / (1024 * 1024)} MiB`);

export const unsupportedImportType = () =>
  new AppError(
    'request/unsupported_media_type',
    415,
    'An import file must be an export document (application/json, .json) or a Todoist CSV export (text/csv, .csv)',
  );
