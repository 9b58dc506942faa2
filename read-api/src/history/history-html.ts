import type { HistoryEntry, LeadHistory } from "@crm/contracts/history/history";
import { formatDateTime } from "@crm/contracts/time/date-time";
import { escapeHtml } from "@crm/infra/mail/html";

const show = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value));

function changesHtml(entry: HistoryEntry): string {
  if (entry.changes.length === 0) return "";
  const rows = entry.changes
    .map(
      (c) =>
        `<tr><th scope="row">${escapeHtml(c.field)}</th><td>${escapeHtml(show(c.before))}</td><td>${escapeHtml(show(c.after))}</td></tr>`,
    )
    .join("");
  return `<table class="changes"><thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function entryHtml(entry: HistoryEntry, zone: string): string {
  const who = entry.actor.name ?? entry.actor.id;
  return `<li>
  <h2>${escapeHtml(entry.summary)}</h2>
  <p class="meta"><time datetime="${escapeHtml(entry.at)}">${escapeHtml(formatDateTime(entry.at, zone))}</time> · ${escapeHtml(who)} · ${escapeHtml(entry.type)} v${escapeHtml(entry.schemaVersion)}</p>
  <p class="meta">Stream ${escapeHtml(entry.streamId)} #${escapeHtml(entry.streamVersion)} · position ${escapeHtml(entry.position)} · command ${escapeHtml(entry.commandId)} · correlation ${escapeHtml(entry.correlationId)}</p>
  ${changesHtml(entry)}
</li>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#111}
h1{font-size:1.5rem}ol{list-style:none;padding:0}li{border-top:1px solid #ccc;padding:.75rem 0;break-inside:avoid}
h2{font-size:1rem;margin:0}.meta{color:#555;margin:.2rem 0;font-size:12px;overflow-wrap:anywhere}
table{border-collapse:collapse;margin-top:.4rem;width:100%}th,td{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
@media print{body{margin:0}a{color:inherit}}`;

/** A printable report of one lead's history, its times in the reader's zone (named on the page); every value is escaped, nothing in it runs. */
export function renderHistoryHtml(history: LeadHistory, title: string, generatedAt: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`History of ${title}`)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(`History of ${title}`)}</h1>
<p class="meta">Lead ${escapeHtml(history.leadId)} · ${history.entries.length} events · generated ${escapeHtml(formatDateTime(generatedAt, history.timeZone, { withZone: true }))}${history.erased ? " · personal data erased" : ""}</p>
<p class="meta">Times are in ${escapeHtml(history.timeZone)}.</p>
<ol>
${history.entries.map((entry) => entryHtml(entry, history.timeZone)).join("\n")}
</ol>
</body></html>`;
}
