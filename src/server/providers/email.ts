/** One email to a member: plain text with the one link it carries (kept apart for the outbox). */
export interface EmailMessage {
  to: string;
  purpose: string;
  subject: string;
  text: string;
  link: string;
  /** The HTML twin of `text` (order mails). */
  html?: string;
  /** A stable Message-ID, the same on every retry of one notification, so mail servers may drop a repeat. */
  messageId?: string;
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post of a restock mail). */
  headers?: Record<string, string>;
}

/** Sends email; the outbox adapter stores it, the SMTP adapter hands it to a mail server. */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}
