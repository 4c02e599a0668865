/**
 * The transport a change came through, when it is worth telling: only CalDAV is named (a change from a
 * calendar app), REST, GraphQL and the service's own changes carry none. Task and list events carry it.
 */
export type ChangeVia = 'caldav';
