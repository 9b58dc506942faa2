import nodemailer from "nodemailer";
import { toNodemailerMessage, type Mailer } from "./mailer.ts";

/** Mail over SMTP with nodemailer; SMTP_URL such as smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded waits: a hung server must fail an attempt (and be retried) rather than hold the reactor.
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    transport: "smtp",
    async send(mail) {
      const info = await transporter.sendMail(toNodemailerMessage(from, mail));
      return { providerMessageId: String(info.messageId ?? mail.messageId) };
    },
    close: () => transporter.close(),
  };
}
