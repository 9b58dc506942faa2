// How the API reference is configured (docs/decisions/052-api-reference.md).
import type { createApiReference } from "@scalar/api-reference";

/** What createApiReference takes (its last overload: element or selector, then configuration). */
type ReferenceOptions = Parameters<typeof createApiReference>[1];

export const referenceOptions: ReferenceOptions = {
  url: "/api/openapi.json",
  // Everything comes from our origin: no web fonts from Scalar's CDN (the system's fonts instead),
  // no hosted AI agent, MCP generator or developer toolbar (those call Scalar's services), no telemetry.
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  telemetry: false,
  documentDownloadType: "json",
};
