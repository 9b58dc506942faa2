const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text (or a number) for HTML element content and quoted attribute values: mail and the history report. */
export const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** User text as HTML paragraphs: escaped, blank lines split paragraphs, single newlines become <br>. */
export function paragraphs(text: string, style = ""): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => `<p${style ? ` style="${style}"` : ""}>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}
