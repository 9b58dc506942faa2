import nodemailer from "nodemailer";
import { toNodemailerMessage, type Mailer } from "./mailer.ts";

/** Mail over SMTP with nodemailer; SMTP_URL such as smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: "smtp",
    async send(mail) {
      const info = await transporter.sendMail(toNodemailerMessage(from, mail));
      return { providerMessageId: String(info.messageId ?? mail.messageId) };
    },
    close: () => transporter.close(),
  };
}
