import type { Config } from "../config.ts";
import type { Mailer } from "./mailer.ts";
import { createOutboxMailer, mailOutboxFolder } from "./outbox-mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

/** SMTP when SMTP_URL is set, else the outbox folder. */
export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(mailOutboxFolder(config.DATA_DIR), config.MAIL_FROM);
}
