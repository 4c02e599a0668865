import { AppError, type ErrorCode } from '../errors.js';
import { caldav, dav, TICKLER_NS, clark, type ClarkName } from './dav-namespaces.js';
import { writeXml, xmlNode } from './xml-writer.js';

/** A CalDAV failure: an AppError that may name the RFC 4918/4791 precondition or postcondition it broke. */
export class DavError extends AppError {
  /** The element put in the error body, e.g. `{urn:ietf:params:xml:ns:caldav}valid-calendar-data`. */
  readonly condition: ClarkName | undefined;

  constructor(status: number, code: ErrorCode, message: string, condition?: ClarkName) {
    super(code, status, message);
    this.condition = condition;
  }
}

export function davError(status: number, code: ErrorCode, message: string, condition?: ClarkName): DavError {
  return new DavError(status, code, message, condition);
}

export const davNotFound = (message = 'No such resource') => davError(404, 'caldav/not_found', message);

export const invalidCalendarData = (message: string) =>
  davError(400, 'caldav/invalid', message, caldav('valid-calendar-data'));

/** The body of a DAV error answer: `<d:error>` with the condition, if any, and the message for a human. */
export function davErrorBody(message: string, condition?: ClarkName): string {
  return writeXml(xmlNode(dav('error'), [...(condition ? [xmlNode(condition)] : []), xmlNode(clark(TICKLER_NS, 'message'), message)]));
}
