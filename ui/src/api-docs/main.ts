// The API reference at /api/docs (docs/decisions/052-api-reference.md): Scalar renders /api/openapi.json.
// A page of its own with a build of its own (ui/vite.api-docs.config.ts): none of it reaches the app.
import { config as zodConfig } from "zod/v4/core";
import "@scalar/api-reference/style.css";
import "./api-docs.css";
import { referenceOptions } from "./options.ts";

// Scalar parses with zod as its modules load, and zod's fast path first probes for eval with
// `Function("")`: our CSP forbids eval, so the probe is reported as a violation. Turn the fast path
// off (zod keeps the setting on globalThis, so it reaches the copy Scalar uses), then load Scalar:
// a dynamic import, because a bundle runs the chunks an entry imports statically before the entry.
zodConfig({ jitless: true });
void import("@scalar/api-reference").then(({ createApiReference }) => createApiReference("#api-reference", referenceOptions));
