/** How services say "I committed outbox events": the relay then publishes them without waiting for a poll. */
export interface EventNotifier {
  eventsRecorded(): void;
}
