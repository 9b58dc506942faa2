import type { Request } from "express";
import { ApiError } from "@crm/contracts/api/errors";
import { formatBytes } from "@crm/contracts/creative/files";
import { LOGO_MAX_BYTES, LOGO_TYPES } from "@crm/contracts/settings/settings";
import { SNIFF_BYTES, sniffContentType } from "@crm/infra/storage/sniff";

/** The form's field that carries the logo. */
export const LOGO_FIELD = "file";

/** Room for the multipart framing around the file (boundaries, part headers, a file name). */
const FRAMING_BYTES = 16 * 1024;

export type LogoType = (typeof LOGO_TYPES)[number];

/** A refusal that names the form's field, as every bad input does. */
const refusal = (status: number, title: string, message: string) => new ApiError(status, title, message, [{ field: LOGO_FIELD, message }]);

const tooLarge = () => refusal(413, "Payload too large", `A logo may be at most ${formatBytes(LOGO_MAX_BYTES)}.`);

const isLogoType = (type: string | undefined): type is LogoType => (LOGO_TYPES as readonly string[]).includes(type ?? "");

/** The request's body, refused as soon as it passes what a logo and its framing may take. */
async function readBody(req: Request): Promise<Buffer> {
  const limit = LOGO_MAX_BYTES + FRAMING_BYTES;
  if (Number(req.get("content-length") ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The form's file part, or a 4xx naming the field. */
async function filePart(req: Request, body: Buffer): Promise<Blob> {
  let form: FormData;
  try {
    // A copy typed as the fetch API wants it (a logo is small).
    form = await new Response(Uint8Array.from(body), { headers: { "content-type": req.get("content-type")! } }).formData();
  } catch {
    throw refusal(400, "Bad request", "The form could not be read; send it as multipart/form-data.");
  }
  const file = form.get(LOGO_FIELD);
  if (!(file instanceof Blob)) throw refusal(400, "Validation failed", "Choose an image file.");
  return file;
}

/**
 * A logo from a multipart/form-data request's field "file": PNG, JPEG or WebP as its first bytes
 * say (never its name or declared type), at most LOGO_MAX_BYTES. Held in memory: it is small.
 */
export async function receiveLogo(req: Request): Promise<{ bytes: Buffer; contentType: LogoType }> {
  if (!req.is("multipart/form-data"))
    throw refusal(415, "Unsupported media type", `Send the logo as multipart/form-data with a field named "${LOGO_FIELD}".`);
  const file = await filePart(req, await readBody(req));
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) throw refusal(400, "Validation failed", "The file is empty.");
  if (bytes.length > LOGO_MAX_BYTES) throw tooLarge();
  const found = sniffContentType(bytes.subarray(0, SNIFF_BYTES));
  if (!isLogoType(found)) {
    const what = found ? `This file is ${found}` : "This file's type is not recognised";
    throw refusal(
      415,
      "Unsupported media type",
      `${what}; a logo may be PNG, JPEG or WebP. The type is read from the file's content, not its name.`,
    );
  }
  return { bytes, contentType: found };
}
