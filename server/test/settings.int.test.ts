import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { DEFAULT_LOST_REASONS, DEFAULT_STAGE_PROBABILITIES, LOGO_MAX_BYTES } from "@crm/contracts/settings/settings";
import { parseMail, type ParsedMail } from "@crm/infra/testing/smtp-test-server";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { availableBackends } from "@crm/infra/testing/test-database";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { call, type CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: an RGB image of the given size, each pixel the colour given. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, () => Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const fieldsOf = (result: { body: { errors?: { field: string }[] } }) => (result.body.errors ?? []).map((e) => e.field);

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + EVENTUALLY.timeout;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, EVENTUALLY.interval));
  }
}

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`agency settings on ${backend}`, () => {
    let app: TestApp;
    let reactors: { stop(): Promise<void> };
    let partner: SignedIn;
    let manager: SignedIn;
    let director: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(backend, { PUBLIC_URL: "https://crm.example", MAIL_FROM: "Studio Nine <hello@studio.test>" });
      const { system } = app;
      reactors = await startMessagingReactors({
        db: system.db,
        store: system.store,
        config: system.config,
        now: system.now,
        pollMs: 100,
        log: () => undefined,
        retry: { maxAttempts: 2, baseDelayMs: 1, sleep: async () => undefined },
      });
      partner = await signUpAs(app, { role: "Partner" });
      manager = await signUpAs(app, { role: "Project Manager" });
      director = await signUpAs(app, { role: "Creative Director" });
    });
    afterAll(async () => {
      await reactors?.stop();
      await app?.close();
    });

    const as = (who: SignedIn | undefined) => ({
      get: (p: string) => call(app, p, who ? { bearer: who.token } : {}),
      patch: (p: string, body: unknown, headers?: Record<string, string>) =>
        call(app, p, { method: "PATCH", body, ...(who ? { bearer: who.token } : {}), ...(headers ? { headers } : {}) }),
      del: (p: string) => call(app, p, { method: "DELETE", ...(who ? { bearer: who.token } : {}) }),
    });

    /** POST /api/settings/logo as a browser's form sends it: multipart/form-data, the file in field "file" unless named otherwise. */
    async function uploadLogo(who: SignedIn, bytes: Buffer, name: string, type: string, field = "file"): Promise<CallResult> {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${app.url}/api/settings/logo`, {
        method: "POST",
        headers: { authorization: `Bearer ${who.token}` },
        body: form,
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text) : text,
        sessionCookie: undefined,
        setCookie: [],
      };
    }

    const settingsEvents = () => app.system.store.readStream(SETTINGS_STREAM_ID);

    it("starts from MAIL_FROM's name and the defaults, and shows the branding to anyone", async () => {
      const settings = await as(director).get("/api/settings");
      expect(settings.status).toBe(200);
      expect(settings.body).toEqual({
        agencyName: "Studio Nine",
        senderName: "Studio Nine",
        replyTo: null,
        currency: "USD",
        timeZone: "UTC",
        weekStart: "Monday",
        stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
        staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
        lostReasons: [...DEFAULT_LOST_REASONS],
        logoUrl: null,
        version: 0,
      });
      expect((await as(undefined).get("/api/settings")).status).toBe(401);
      const branding = await as(undefined).get("/api/branding");
      expect(branding.status).toBe(200);
      expect(branding.body).toEqual({ agencyName: "Studio Nine", logoUrl: null });
      const logo = await as(undefined).get("/api/branding/logo");
      expect(logo.status).toBe(404);
      expect(logo.headers.get("content-type")).toMatch(/problem\+json/);
    });

    it("lets a Partner change the settings, recording only what changed, and nobody else", async () => {
      expect((await as(manager).patch("/api/settings", { agencyName: "Mine" })).status).toBe(403);
      expect((await as(director).patch("/api/settings", { agencyName: "Mine" })).status).toBe(403);
      const changed = await as(partner).patch("/api/settings", {
        agencyName: "Studio Nine",
        currency: "eur",
        timeZone: "Europe/Paris",
        weekStart: "Sunday",
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        agencyName: "Studio Nine",
        currency: "EUR",
        timeZone: "Europe/Paris",
        weekStart: "Sunday",
        version: 1,
      });
      expect(changed.headers.get("etag")).toBe('"1"');
      // The name was already MAIL_FROM's: the event carries the three fields that changed, nothing else.
      expect((await settingsEvents()).map((e) => e.data)).toEqual([{ currency: "EUR", timeZone: "Europe/Paris", weekStart: "Sunday" }]);

      const again = await as(partner).patch("/api/settings", { currency: "EUR", weekStart: "Sunday" });
      expect(again.status).toBe(200);
      expect(again.body.version).toBe(1);
      expect(await settingsEvents()).toHaveLength(1);
      expect((await as(manager).get("/api/settings")).body).toMatchObject({ currency: "EUR", timeZone: "Europe/Paris", version: 1 });
    });

    it("refuses a stale If-Match with 412 and takes the current one", async () => {
      const stale = await as(partner).patch("/api/settings", { currency: "GBP" }, { "If-Match": '"0"' });
      expect(stale.status).toBe(412);
      const current = await as(partner).patch("/api/settings", { currency: "GBP" }, { "If-Match": '"1"' });
      expect(current.status).toBe(200);
      expect(current.body).toMatchObject({ currency: "GBP", version: 2 });
    });

    it("refuses bad values with 400 problems naming the field", async () => {
      const cases: [object, string][] = [
        [{ currency: "ZZZ" }, "currency"],
        [{ currency: "EURO" }, "currency"],
        [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
        [{ replyTo: "not an address" }, "replyTo"],
        [{ agencyName: "   " }, "agencyName"],
        [{ senderName: "x".repeat(101) }, "senderName"],
        [{ weekStart: "Friday" }, "weekStart"],
        [{ colour: "teal" }, "colour"],
      ];
      for (const [body, field] of cases) {
        const refused = await as(partner).patch("/api/settings", body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.headers.get("content-type")).toMatch(/problem\+json/);
        expect(fieldsOf(refused), JSON.stringify(body)).toContain(field);
      }
      expect((await as(partner).get("/api/settings")).body.version).toBe(2);
    });

    it("changes only the stale limits sent (null: never), shows every stage's, and refuses 0, 366 or an unknown stage naming it", async () => {
      const before = (await settingsEvents()).length;
      const version = (await as(partner).get("/api/settings")).body.version as number;
      expect((await as(manager).patch("/api/settings", { staleAfterDays: { Contacted: 10 } })).status).toBe(403);

      const changed = await as(partner).patch("/api/settings", { staleAfterDays: { Contacted: 10, "Proposal Sent": null, "New Lead": 3 } });
      expect(changed.status).toBe(200);
      const limits = { ...DEFAULT_STALE_AFTER_DAYS, Contacted: 10, "Proposal Sent": null };
      expect(changed.body).toMatchObject({ staleAfterDays: limits, version: version + 1 });
      // New Lead's 3 days was the default already: the event names the two stages that changed.
      expect((await settingsEvents()).slice(before).map((e) => e.data)).toEqual([
        { staleAfterDays: { Contacted: 10, "Proposal Sent": null } },
      ]);
      expect((await as(manager).get("/api/settings")).body.staleAfterDays).toEqual(limits);

      const more = await as(partner).patch("/api/settings", { staleAfterDays: { Active: 365, Contacted: 1 } });
      expect(more.body.staleAfterDays).toEqual({ ...limits, Active: 365, Contacted: 1 });

      const cases: [object, string][] = [
        [{ staleAfterDays: { Contacted: 0 } }, "staleAfterDays.Contacted"],
        [{ staleAfterDays: { Contacted: 366 } }, "staleAfterDays.Contacted"],
        [{ staleAfterDays: { Contacted: 2.5 } }, "staleAfterDays.Contacted"],
        [{ staleAfterDays: { Contacted: "7" } }, "staleAfterDays.Contacted"],
        [{ staleAfterDays: { Qualified: 5 } }, "staleAfterDays.Qualified"],
        [{ staleAfterDays: 7 }, "staleAfterDays"],
      ];
      for (const [body, field] of cases) {
        const refused = await as(partner).patch("/api/settings", body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.headers.get("content-type")).toMatch(/problem\+json/);
        expect(fieldsOf(refused), JSON.stringify(body)).toContain(field);
      }
      const after = (await as(director).get("/api/settings")).body;
      expect(after).toMatchObject({ staleAfterDays: { ...limits, Active: 365, Contacted: 1 }, version: version + 2 });
    });

    it("serves an uploaded logo back byte for byte, cached for good under its version, and removes it", async () => {
      const image = png(3, 2, [20, 120, 200]);
      expect((await uploadLogo(manager, image, "logo.png", "image/png")).status).toBe(403);
      const uploaded = await uploadLogo(partner, image, "logo.png", "image/png");
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.logoUrl).toMatch(/^\/api\/branding\/logo\?v=[0-9a-f-]{36}$/);
      expect((await as(undefined).get("/api/branding")).body).toEqual({ agencyName: "Studio Nine", logoUrl: uploaded.body.logoUrl });

      const served = await fetch(`${app.url}${uploaded.body.logoUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toContain("immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
      const unversioned = await fetch(`${app.url}/api/branding/logo?v=older`);
      expect(unversioned.status).toBe(200);
      expect(unversioned.headers.get("cache-control")).not.toContain("immutable");
      await unversioned.arrayBuffer();

      // A new logo replaces the old one's bytes, which are deleted.
      const first = (await settingsEvents()).at(-1)!.data as { logo: { key: string } };
      const second = await uploadLogo(partner, png(1, 1, [0, 0, 0]), "other.png", "image/png");
      expect(second.status).toBe(200);
      expect(second.body.logoUrl).not.toBe(uploaded.body.logoUrl);
      expect(await openFileStorage(app.system.config).get(first.logo.key)).toBeUndefined();

      expect((await as(director).del("/api/settings/logo")).status).toBe(403);
      const removed = await as(partner).del("/api/settings/logo");
      expect(removed.status).toBe(200);
      expect(removed.body.logoUrl).toBeNull();
      expect((await as(undefined).get("/api/branding/logo")).status).toBe(404);
      const twice = await as(partner).del("/api/settings/logo");
      expect(twice.body.version).toBe(removed.body.version);
    });

    it("refuses an SVG, text named .png, a file too large or no file, naming the field file", async () => {
      const before = (await settingsEvents()).length;
      const cases: [Buffer, string, string, number, string?][] = [
        [SVG, "logo.svg", "image/svg+xml", 415],
        [SVG, "logo.png", "image/png", 415],
        [Buffer.from("just some words, not a picture\n"), "logo.png", "image/png", 415],
        [Buffer.concat([png(1, 1, [1, 2, 3]), Buffer.alloc(LOGO_MAX_BYTES)]), "big.png", "image/png", 413],
        [png(1, 1, [1, 2, 3]), "logo.png", "image/png", 400, "picture"],
      ];
      for (const [bytes, name, type, status, field] of cases) {
        const refused = await uploadLogo(partner, bytes, name, type, field);
        expect(refused.status, `${name} as ${type}`).toBe(status);
        expect(refused.headers.get("content-type")).toMatch(/problem\+json/);
        expect(fieldsOf(refused)).toEqual(["file"]);
      }
      const json = await call(app, "/api/settings/logo", { method: "POST", bearer: partner.token, body: { file: "x" } });
      expect(json.status).toBe(415);
      expect(fieldsOf(json)).toEqual(["file"]);
      expect(await settingsEvents()).toHaveLength(before);
    });

    it("sends a colleague's mail from them via the agency, the agency's own under the sender name, with Reply-To, name and logo", async () => {
      const changed = await as(partner).patch("/api/settings", {
        agencyName: "Nine & Co",
        senderName: "Ada at Nine",
        replyTo: "replies@studio.test",
      });
      expect(changed.status).toBe(200);
      expect((await uploadLogo(partner, png(2, 2, [9, 9, 9]), "logo.png", "image/png")).status).toBe(200);
      const lead = await call(app, "/api/leads", {
        method: "POST",
        bearer: partner.token,
        body: { name: "Grace", business: "Hopper Co", email: "grace@example.com" },
      });
      expect(lead.status).toBe(201);
      const sent = await call(app, "/api/send-email", {
        method: "POST",
        bearer: partner.token,
        body: { leadId: lead.body.id, to: "grace@example.com", subject: "Welcome to Nine" },
      });
      expect(sent.status).toBe(202);

      const folder = path.join(app.system.config.DATA_DIR, "outbox", "mail");
      const mails = async () => {
        const files = await readdir(folder).catch(() => [] as string[]);
        return Promise.all(files.map(async (file) => parseMail(await readFile(path.join(folder, file)))));
      };
      const found = await eventually(mails, (all) => all.some((m) => m.subject === "Welcome to Nine"));
      const mail = found.find((m) => m.subject === "Welcome to Nine") as ParsedMail;
      // A mail a colleague asked for is from them, via the agency (docs/product.md, "Meetings, mail and SMS").
      expect(mail.from?.value).toEqual([{ name: `${partner.user!.displayName} via Nine & Co`, address: "hello@studio.test" }]);
      // The agency's own mails (here a password reset) go out under the sender name.
      const reset = await call(app, "/api/auth/password-reset", { method: "POST", body: { email: partner.email } });
      expect(reset.status).toBe(202);
      const sentTo = (m: ParsedMail) => [m.to ?? []].flat().some((to) => to.text.includes(partner.email));
      const withReset = await eventually(mails, (all) => all.some(sentTo));
      const resetMail = withReset.find(sentTo) as ParsedMail;
      expect(resetMail.from?.value).toEqual([{ name: "Ada at Nine", address: "hello@studio.test" }]);
      expect(resetMail.replyTo?.value).toEqual([{ name: "", address: "replies@studio.test" }]);
      expect(mail.replyTo?.value).toEqual([{ name: "", address: "replies@studio.test" }]);
      expect(mail.html).toContain("Nine &amp; Co");
      expect(mail.text).toContain("Nine & Co");
      const logoUrl = (await as(partner).get("/api/settings")).body.logoUrl as string;
      expect(mail.html).toContain(`src="https://crm.example${logoUrl}"`);
    });
  });
