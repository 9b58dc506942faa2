import { randomUUID } from "node:crypto";

/**
 * A plain-text message as a client's mail program sends it (RFC 5322, CRLF lines), with a Message-ID
 * of its own: what the intake tests put in a mailbox or hand to the sink. `from` defaults to Bob Client.
 */
export function clientMessage(
  to: string,
  subject: string,
  { from = "Bob Client <bob@client.example>", body = `${subject}: thanks, that works for us.` } = {},
): {
  id: string;
  raw: string;
} {
  const id = `<${randomUUID()}@client.example>`;
  const raw = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${id}`,
    "Date: Fri, 27 Nov 2026 09:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");
  return { id, raw };
}
