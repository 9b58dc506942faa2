import { Readable } from "node:stream";
import type { Request, Response } from "express";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { AgencySettings, SettingsBody } from "@crm/contracts/settings/settings";
import { brandName, foldSettings, settingsOf } from "@crm/contracts/settings/state";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { PARTNER } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { receiveLogo } from "./logo-upload.ts";
import { settingsDecider, type SettingsCommand, type SettingsState } from "./settings.decider.ts";

export interface SettingsRouteDeps extends CommandDeps {
  store: EventStore;
  storage: FileStorage;
  /** MAIL_FROM: its display name is the agency's and the sender's name until a Partner sets them. */
  mailFrom: string;
}

/** Where an uploaded logo's bytes are kept: a new key for every upload, so its URL can be cached for good. */
const logoKey = (id: string) => `settings/logo/${id}`;

function setup(deps: SettingsRouteDeps) {
  const run = (req: Request, command: SettingsCommand) =>
    handleCommand(deps.store, SETTINGS_STREAM_ID, settingsDecider, command, {
      ...commandOptions(req, deps),
      ...expectedVersionOf(req, undefined),
    });
  const answer = (res: Response, outcome: CommandOutcome<SettingsState>) =>
    void res.setHeader("ETag", `"${outcome.version}"`).json(settingsOf(outcome.state, outcome.version, deps.mailFrom));
  /** A logo object no event names any more is deleted; a failure only leaves a stray object behind. */
  const discard = (key: string | undefined) => (key ? deps.storage.delete(key).catch(() => undefined) : undefined);
  /** After a command that changed the logo: the one it replaced (the stream folded to just before), deleted. */
  const discardReplaced = async (outcome: CommandOutcome<SettingsState>) => {
    if (outcome.events.length === 0) return;
    const before = (await deps.store.readStream(SETTINGS_STREAM_ID)).filter(
      (e) => e.streamVersion <= outcome.version - outcome.events.length,
    );
    const replaced = foldSettings(before).logo;
    if (replaced && replaced.key !== outcome.state.logo?.key) await discard(replaced.key);
  };
  return { ...deps, run, answer, discard, discardReplaced };
}

type Ctx = ReturnType<typeof setup>;

/** Stores the logo, then records it; an object left unrecorded (a refusal, a repeated request) is deleted. */
async function uploadLogo(ctx: Ctx, req: Request, res: Response) {
  const { bytes, contentType } = await receiveLogo(req);
  const key = logoKey(ctx.newId());
  await ctx.storage.put(key, Readable.from([bytes]), contentType);
  let outcome: CommandOutcome<SettingsState>;
  try {
    outcome = await ctx.run(req, { type: "SetLogo", logo: { key, contentType, size: bytes.length } });
  } catch (error) {
    await ctx.discard(key);
    throw error;
  }
  if (outcome.events.length === 0)
    await ctx.discard(key); // a repeated request: the first one's logo stands
  else await ctx.discardReplaced(outcome);
  ctx.answer(res, outcome);
}

const Answer = { 200: AgencySettings } as const;

/** The agency's settings (docs/product.md, "Settings"): names, reply-to, currency, time zone, week start, logo. */
export const settingsCommandRoutes = routeGroup(setup, (route) => [
  route({
    method: "PATCH",
    path: "/api/settings",
    allow: PARTNER,
    tag: "settings",
    summary: "Change the agency's settings (only the fields sent; If-Match with the version read)",
    body: SettingsBody,
    responses: Answer,
    handle: async ({ req, res, body }, ctx) =>
      ctx.answer(res, await ctx.run(req, { type: "ChangeSettings", changes: body, defaultName: brandName(ctx.mailFrom) })),
  }),
  route({
    method: "POST",
    path: "/api/settings/logo",
    allow: PARTNER,
    tag: "settings",
    summary: "Upload the agency's logo: multipart/form-data, field file, a PNG, JPEG or WebP image of at most 512 KB",
    bodyLimit: "stream",
    responses: Answer,
    handle: ({ req, res }, ctx) => uploadLogo(ctx, req, res),
  }),
  route({
    method: "DELETE",
    path: "/api/settings/logo",
    allow: PARTNER,
    tag: "settings",
    summary: "Remove the agency's logo",
    responses: Answer,
    handle: async ({ req, res }, ctx) => {
      const outcome = await ctx.run(req, { type: "RemoveLogo" });
      await ctx.discardReplaced(outcome);
      ctx.answer(res, outcome);
    },
  }),
]);
