import type { TestApp } from "../testing/test-app.ts";
import type { SignedIn } from "../testing/sign-up-as.ts";

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a Windows executable, whatever its name says. */
export const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200)]);

/** POST /api/files with the raw bytes as the body, as the UI's XMLHttpRequest sends them. */
export async function upload(
  app: TestApp,
  who: SignedIn,
  leadId: string,
  purpose: string,
  bytes: Buffer,
  name = "picture.png",
  contentType = "image/png",
) {
  const res = await fetch(`${app.url}/api/files?leadId=${leadId}&purpose=${purpose}`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": contentType, "x-file-name": encodeURIComponent(name) },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text) : text };
}
