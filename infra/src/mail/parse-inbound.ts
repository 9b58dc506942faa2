import { simpleParser, type AddressObject, type HeaderLines, type ParsedMail } from "mailparser";
import type { InboundPart, ParsedInbound } from "./inbound.ts";

/**
 * mailparser's options for intake: a delivery report's message/delivery-status and its returned
 * message/rfc822 stay parts (by default the first is merged into the text and the second parsed in
 * place), and no HTML is made from the text. ignoreEmbedded reaches mailparser's MIME splitter,
 * which its types do not list.
 */
const OPTIONS = { keepDeliveryStatus: true, ignoreEmbedded: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true };

/** The headers that name the envelope's recipient (set by the receiving server, or by our SMTP listener). */
const ENVELOPE_HEADERS = new Set(["delivered-to", "x-original-to"]);

const lower = (address: string) => address.trim().toLowerCase();

/** Every address of a To or Cc header (one object or several), lower case. */
function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const flat = (list: AddressObject["value"]): string[] =>
    list.flatMap((entry) => [...(entry.address ? [lower(entry.address)] : []), ...flat(entry.group ?? [])]);
  return objects.flatMap((object) => flat(object.value));
}

/** The addresses of every Delivered-To and X-Original-To line, as raw lines: mailparser keeps only one of repeated headers. */
function envelopeOf(lines: HeaderLines): string[] {
  const found = lines
    .filter((line) => ENVELOPE_HEADERS.has(line.key))
    .flatMap((line) => line.line.slice(line.line.indexOf(":") + 1).split(","))
    .map((value) => lower(value.replace(/\s+/g, "").replace(/^.*<([^>]*)>.*$/, "$1")))
    .filter((address) => address.includes("@"));
  return [...new Set(found)];
}

/** The Message-IDs of a header value ("<a@b> <c@d>"), in order. */
const messageIds = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.match(/<[^<>\s]+>/g) ?? []);

/** The plain text: the text parts, else the HTML's text (by mailparser's own converter, as for an HTML-only message). */
async function textOf(mail: ParsedMail): Promise<string> {
  if (mail.text && mail.text.trim() !== "") return mail.text;
  if (typeof mail.html !== "string" || mail.html === "") return mail.text ?? "";
  const html = await simpleParser(Buffer.from(`Content-Type: text/html; charset=utf-8\r\n\r\n${mail.html}`, "utf8"), OPTIONS);
  return html.text ?? "";
}

function contentTypeOf(headers: ParsedMail["headers"]): { value: string; params: Record<string, string> } {
  const header = headers.get("content-type") as { value?: string; params?: Record<string, string> } | string | undefined;
  if (typeof header === "string") return { value: header.toLowerCase(), params: {} };
  const params = Object.fromEntries(Object.entries(header?.params ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]));
  return { value: (header?.value ?? "text/plain").toLowerCase(), params };
}

function partsOf(mail: ParsedMail): InboundPart[] {
  return mail.attachments.map((attachment) => {
    const { value, params } = contentTypeOf(attachment.headers);
    return {
      filename: attachment.filename ?? null,
      contentType: attachment.contentType?.toLowerCase() ?? value,
      params,
      content: attachment.content,
    };
  });
}

const isoDate = (date: Date | undefined) => (date && !Number.isNaN(date.getTime()) ? date.toISOString() : null);

/**
 * A message's raw bytes as the intake reads them (ParsedInbound): addresses in lower case, the
 * envelope's recipients from Delivered-To and X-Original-To, the plain text, and every non-body part
 * (attachments, text/calendar, the parts of a delivery report). mailparser stays inside infra.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const mail = await simpleParser(raw, OPTIONS);
  const sender = mail.from?.value.find((entry) => entry.address);
  const top = contentTypeOf(mail.headers);
  return {
    messageId: messageIds(mail.messageId)[0] ?? null,
    from: sender ? { address: lower(sender.address!), name: sender.name ?? "" } : null,
    to: [...new Set([...addressesOf(mail.to), ...addressesOf(mail.cc)])],
    envelopeTo: envelopeOf(mail.headerLines),
    subject: mail.subject ?? "",
    text: await textOf(mail),
    date: isoDate(mail.date),
    inReplyTo: messageIds(mail.inReplyTo)[0] ?? null,
    references: messageIds(mail.references),
    contentType: top.value,
    reportType: top.params["report-type"]?.toLowerCase() ?? null,
    parts: partsOf(mail),
  };
}
