/** What the email operations need besides the caller, whichever transport calls them. */
export interface EmailDeps {
  /** false: email is off (no SMTP_URL); no address is taken and nothing is mailed. */
  enabled: boolean;
  /** PUBLIC_URL: the links in mails point here. */
  publicUrl: string;
  /** Told after a mail was queued outside the outbox fan-out (a confirmation): send it soon. */
  wake(): void;
}
