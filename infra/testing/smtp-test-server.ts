import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type { ParsedMail };

/** A message's source (an outbox .eml, say) parsed as a mail client would read it. */
export const parseMail = (source: Buffer | string): Promise<ParsedMail> => simpleParser(source);

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every accepted message, parsed, in arrival order. */
  received: ParsedMail[];
  /** The raw source of every accepted message. */
  raw: string[];
  /** Answers the next n messages with this SMTP code (4xx: try later, 5xx: permanent). */
  rejectNext(n: number, code: number, message?: string): void;
  /** Resolves once at least n messages were accepted. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback for tests (no TLS, no auth), parsing what it receives with mailparser. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  const raw: string[] = [];
  let rejections: { left: number; code: number; message: string } = { left: 0, code: 0, message: "" };
  const waiters: (() => void)[] = [];

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (rejections.left > 0) {
          rejections.left--;
          return callback(Object.assign(new Error(rejections.message), { responseCode: rejections.code }));
        }
        const source = Buffer.concat(chunks);
        raw.push(source.toString("utf8"));
        received.push(await simpleParser(source));
        callback();
        waiters.splice(0).forEach((wake) => wake());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    raw,
    rejectNext(n, code, message = code >= 500 ? "Mailbox unavailable" : "Try again later") {
      rejections = { left: n, code, message };
    },
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`Expected ${n} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
