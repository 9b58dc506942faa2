import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { AgencySettings, Branding } from "@crm/contracts/settings/settings";
import { brandingOf, foldSettings, logoVersion, settingsOf } from "@crm/contracts/settings/state";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { APPROVED, PUBLIC } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import type { FileStorage } from "@crm/infra/storage/file-storage";

export interface SettingsReadDeps {
  store: EventStore;
  storage: FileStorage;
  /** MAIL_FROM: its display name is the agency's name until a Partner sets one. */
  mailFrom: string;
}

/**
 * The settings are one short stream (a Partner's occasional changes), folded on each read rather
 * than projected: no read model to build or rebuild, and always as current as the last command.
 */
function setup(deps: SettingsReadDeps) {
  const load = async () => {
    const events = await deps.store.readStream(SETTINGS_STREAM_ID);
    return { state: foldSettings(events), version: events.at(-1)?.streamVersion ?? 0 };
  };
  const settings = async () => {
    const { state, version } = await load();
    return settingsOf(state, version, deps.mailFrom);
  };
  return { ...deps, load, settings };
}

const LogoQuery = z.object({ v: z.string().max(200).optional() });

/** A year: the logo's URL changes with every upload, so the one asked for by its version never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Reading the agency's settings, and the branding anyone may see (sign-in, the public questionnaire, mails). */
export const settingsReadRoutes = routeGroup(setup, (route) => [
  route({
    method: "GET",
    path: "/api/settings",
    allow: APPROVED,
    tag: "settings",
    summary: "The agency's settings (the version is for If-Match on PATCH /api/settings)",
    cache: "no-store",
    responses: { 200: AgencySettings },
    handle: async ({ res }, { settings }) => {
      const answer = await settings();
      res.set({ ETag: `"${answer.version}"` }).json(answer);
    },
  }),
  route({
    method: "GET",
    path: "/api/branding",
    allow: PUBLIC,
    tag: "settings",
    summary: "The agency's name and logo URL, for anyone",
    responses: { 200: Branding },
    handle: async ({ res }, { settings }) => void res.set("Cache-Control", "no-cache").json(brandingOf(await settings())),
  }),
  route({
    method: "GET",
    path: "/api/branding/logo",
    allow: PUBLIC,
    tag: "settings",
    summary: "The agency's logo (cached for good when ?v= names the current one); 404 when there is none",
    query: LogoQuery,
    responses: { 200: { mediaType: "image/*" } },
    handle: async ({ res, query: { v } }, { load, storage }) => {
      const { logo } = (await load()).state;
      const object = logo && (await storage.get(logo.key));
      if (!logo || !object) throw new NotFoundError("The agency's logo");
      res.set({
        "Content-Type": logo.contentType,
        "Content-Length": String(logo.size),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": v === logoVersion(logo) ? IMMUTABLE : "no-cache",
        // helmet's same-origin default would keep mail clients and other sites from showing it.
        "Cross-Origin-Resource-Policy": "cross-origin",
      });
      await pipeline(object.stream, res);
    },
  }),
]);
