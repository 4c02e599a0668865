/** What startup and shutdown hold of an outbound channel's dispatcher (push, email). */
export interface ChannelDispatcher {
  start(): void;
  /** New deliveries were committed: claim and send soon. */
  wake(): void;
  /** One pass (the delivery job's sweep): claims due deliveries up to the free capacity and starts them. */
  sweep(): Promise<void>;
  /** Stops claiming, settles what is in flight (each channel says how) and gives back what is still claimed. */
  stop(): Promise<void>;
}

/** The dispatcher of a channel that is off (no PUSH_CONTACT, no SMTP_URL): there is nothing to send. */
export const idleDispatcher: ChannelDispatcher = {
  start: () => undefined,
  wake: () => undefined,
  sweep: async () => undefined,
  stop: async () => undefined,
};
