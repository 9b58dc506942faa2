/** A text message ready to leave. */
export interface OutgoingSms {
  /** Stable per request (the request's event id). */
  id: string;
  to: string;
  body: string;
}

export interface SmsSender {
  readonly transport: "twilio" | "outbox";
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}

/** Accepted phone numbers: optional +, then 7 to 15 digits once spaces, dots, dashes and brackets are removed. */
export function normalizePhone(phone: string): string | undefined {
  const compact = phone.replace(/[\s().-]/g, "");
  return /^\+?\d{7,15}$/.test(compact) ? compact : undefined;
}

/** True for errors a retry cannot fix: a 4xx answer from the provider other than 408 and 429. */
export function isPermanentSmsError(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429;
}
