import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { INBOUND_MESSAGE_MAX_BYTES } from "@crm/contracts/inbound/limits";
import { isInboundAddress } from "@crm/contracts/inbound/reply-address";
import type { InboundSink } from "./inbound.ts";

export interface InboundSmtpOptions {
  /** INBOUND_SMTP_PORT (0: any free port, for tests). */
  port: number;
  /** INBOUND_SMTP_HOST. */
  host: string;
  /** INBOUND_ADDRESS: the only mailbox (with its sub-addresses) mail is taken for. */
  inboundAddress: string;
  sink: InboundSink;
  /** Where a sink failure is told (the sender is answered 451 and tries again later). */
  log?: (message: string, error?: unknown) => void;
  /** The largest message taken, in bytes (552 above it); INBOUND_MESSAGE_MAX_BYTES by default. */
  maxBytes?: number;
}

export interface InboundSmtpListener {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Stops taking connections; a message being recorded finishes first (at most a few seconds). */
  close(): Promise<void>;
}

/** How long close() lets open connections finish before it drops them. */
const CLOSE_TIMEOUT_MS = 5_000;

/** Connections at once (each may hold a message of up to the size limit); more are told to come back (421). */
const MAX_CLIENTS = 20;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/**
 * The envelope's recipients as Delivered-To lines before the message: where a message was sent
 * (a lead's reply address in Bcc, say) is kept with its bytes, so the sink reads it as the IMAP path
 * does from the receiving server's own Delivered-To.
 */
function withEnvelope(raw: Buffer, session: SMTPServerSession): Buffer {
  const lines = session.envelope.rcptTo.map((rcpt) => `Delivered-To: ${rcpt.address.replace(/[\r\n]/g, "")}\r\n`).join("");
  return Buffer.concat([Buffer.from(lines, "utf8"), raw]);
}

/**
 * The inbound SMTP listener (docs/product.md, "Replies"), for an MX record pointing at the app: it
 * takes mail only for the inbound mailbox (550 for any other recipient: no open relay), offers no
 * AUTH, refuses a message over the size limit (552), and answers 250 only once the sink recorded
 * the message, 451 when it could not, so the sending server tries again and nothing is lost.
 * STARTTLS is offered with smtp-server's built-in certificate: sending servers encrypt
 * opportunistically and do not check it.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtpListener> {
  const maxBytes = options.maxBytes ?? INBOUND_MESSAGE_MAX_BYTES;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: maxBytes,
    logger: false,
    closeTimeout: CLOSE_TIMEOUT_MS,
    maxClients: MAX_CLIENTS,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (isInboundAddress(options.inboundAddress, address.address)) return callback();
      callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is read and dropped; smtp-server answers 552.
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on("error", (error: Error) => callback(smtpError(451, `4.3.0 ${error.message}`)));
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(smtpError(552, `5.3.4 Message is larger than ${maxBytes} bytes`));
        options.sink(withEnvelope(Buffer.concat(chunks), session), "smtp").then(
          (outcome) => callback(null, `2.0.0 ${outcome}`),
          (error: unknown) => {
            options.log?.("An inbound message could not be recorded; the sender was asked to try again", error);
            callback(smtpError(451, "4.3.0 Could not record the message now, please try again later"));
          },
        );
      });
    },
  });
  server.on("error", (error) => options.log?.("Inbound SMTP connection error", error));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
