/** A command line the CLI cannot act on: the message and the usage are printed, the exit status is 2. */
export class UsageError extends Error {}
