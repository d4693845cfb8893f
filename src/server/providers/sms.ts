/** One text message to a Taiwan mobile number. */
export interface SmsMessage {
  phone: string;
  purpose: string;
  code: string;
  text: string;
}

/** Sends text messages; the outbox adapter stores them, the HTTP adapter posts them to a gateway. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
