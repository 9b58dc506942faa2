import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

/** Where the journeys' server writes the mails it sends (no SMTP_URL: the outbox). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR!, "outbox", "mail");

/** The outbox's mails (.eml) to an address, quoted-printable soft breaks and escapes undone. */
export function mailsTo(to: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(OUTBOX);
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(OUTBOX, name), "utf8"))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(raw))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** The agency's inbound address the journeys' server listens for (playwright.config.ts). */
export const INBOUND = process.env.E2E_INBOUND_ADDRESS!;

/** A real SMTP client, speaking to the server's inbound listener on loopback as a client's mail server would. */
export const inboundSmtp = () =>
  nodemailer.createTransport({ host: "127.0.0.1", port: Number(process.env.E2E_INBOUND_SMTP_PORT), secure: false, ignoreTLS: true });
