import { formatBytes, UPLOAD_LIMITS, type FilePurpose } from "@crm/contracts/creative/limits";
import type { FileInfo } from "@crm/contracts/creative/files";
import { HttpError } from "@/lib/api-client";

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
): Promise<FileInfo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/files?leadId=${encodeURIComponent(leadId)}&purpose=${purpose}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? (onProgress(1), resolve(JSON.parse(xhr.responseText) as FileInfo)) : reject(failure(xhr));
    xhr.onerror = () => reject(new HttpError(0, "Network error", "The upload failed: check the connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
