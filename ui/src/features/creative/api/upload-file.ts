import { UploadedFile } from "@crm/contracts/creative/answers";
import { formatBytes, UPLOAD_LIMITS, type FilePurpose } from "@crm/contracts/creative/limits";
import { AnswerShapeError, HttpError } from "@/lib/api-client";

/** The accept attribute for a purpose: the types the server takes (it checks the bytes itself). */
export const acceptFor = (purpose: FilePurpose) => UPLOAD_LIMITS[purpose].types.join(",");

/** A message when the file is too big for its purpose, before sending a byte. */
export function tooLarge(file: Pick<File, "size">, purpose: FilePurpose): string | undefined {
  const { maxBytes } = UPLOAD_LIMITS[purpose];
  return file.size > maxBytes ? `This file is ${formatBytes(file.size)}; a ${purpose} may be at most ${formatBytes(maxBytes)}.` : undefined;
}

function failure(xhr: XMLHttpRequest): HttpError {
  let detail: string | undefined;
  try {
    detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail;
  } catch {
    // not a problem document
  }
  return new HttpError(xhr.status, xhr.responseText || xhr.statusText, detail);
}

/** The stored file, as the route declares it (command-service upload.routes); text that is not one says so. */
function answerOf(xhr: XMLHttpRequest, url: string): UploadedFile {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // not JSON: the shape check below names it
  }
  const parsed = UploadedFile.safeParse(body);
  if (!parsed.success) throw new AnswerShapeError("POST", url, parsed.error.issues);
  return parsed.data;
}

/**
 * POST /api/files with the file itself as the body (streamed by the browser), reporting upload
 * progress from 0 to 1. XMLHttpRequest, because fetch has no upload progress.
 */
export function uploadFile(
  file: File,
  leadId: string,
  purpose: FilePurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const url = `/api/files?leadId=${encodeURIComponent(leadId)}&purpose=${purpose}`;
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(xhr));
      try {
        const answer = answerOf(xhr, url);
        onProgress(1);
        resolve(answer);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new HttpError(0, "Network error", "The upload failed: check the connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Uploads the files one after the other, telling which one is on its way and how far; answers their ids in order. */
export async function uploadEach(
  files: readonly File[],
  leadId: string,
  purpose: FilePurpose,
  onProgress: (name: string, fraction: number) => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    onProgress(file.name, 0);
    ids.push((await uploadFile(file, leadId, purpose, (fraction) => onProgress(file.name, fraction))).id);
  }
  return ids;
}
