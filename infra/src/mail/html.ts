const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** User text as HTML paragraphs: escaped, blank lines split paragraphs, single newlines become <br>. */
export function paragraphs(text: string, style = ""): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => `<p${style ? ` style="${style}"` : ""}>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}
