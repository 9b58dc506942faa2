import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { toNodemailerMessage, type Mailer } from "./mailer.ts";

/** File name from the Message-ID: a resend overwrites the same file instead of adding one. */
const fileNameOf = (messageId: string) => `${messageId.replace(/[^A-Za-z0-9@._-]/g, "")}.eml`;

/** The outbox folder of a DATA_DIR. */
export const mailOutboxFolder = (dataDir: string) => path.join(dataDir, "outbox", "mail");

/** The file a message is written to: what an erasure deletes (decisions/039). */
export const outboxMailFile = (folder: string, messageId: string) => path.join(folder, fileNameOf(messageId));

/** The default without an SMTP server: each message as an .eml file under DATA_DIR/outbox/mail. */
export function createOutboxMailer(folder: string, from: string): Mailer {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    transport: "outbox",
    async send(mail) {
      const info = await transporter.sendMail(toNodemailerMessage(from, mail));
      await mkdir(folder, { recursive: true });
      const file = outboxMailFile(folder, mail.messageId);
      await writeFile(file, info.message as Buffer);
      return { providerMessageId: file };
    },
    close: () => transporter.close(),
  };
}
