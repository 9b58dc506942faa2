import { QUESTIONNAIRE_TEXT_FIELDS } from "@crm/contracts/questionnaire/fields";
import { availableBackends } from "@crm/infra/testing/test-database";
import { describe, expect, it } from "vitest";
import { issueClientLink } from "../../testing/client-link.ts";
import { call } from "../../testing/http-client.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { appWithPartner } from "../../testing/app-with-partner.ts";
import { EDGE_STRINGS } from "./support/hostile-values.ts";

const backends = await availableBackends();

/** Text no Postgres text column can hold: NUL, lone surrogates. Refused with a 400 naming the field. */
const UNSTORABLE = ["nul\u0000byte", "\u0000", "\uD800", "a\uDC00b"];
/** Text that must come back exactly as sent: markup, SQL, RTL, zero-width, astral. */
const LITERAL = EDGE_STRINGS.filter((s) => s.trim() !== "" && s.length < 500 && !UNSTORABLE.includes(s));

const count = async (app: TestApp) => Number((await app.system.db.query<{ n: string }>("SELECT count(*) AS n FROM events")).rows[0]!.n);
const isProblem = (res: { headers: Headers }) => expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);

for (const backend of ["postgres", "pglite"] as const) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`hostile input (${backend})`, () => {
    const fx = appWithPartner(backend);

    it("stores SQL, HTML and Unicode edge cases in every lead text field and returns them literally", async () => {
      for (const text of LITERAL) {
        const created = await call(fx.app, "/api/leads", {
          method: "POST",
          bearer: fx.partner.token,
          body: { name: text, business: text, email: "edge@example.com", phone: text.slice(0, 40), source: text, notes: text },
        });
        expect(created.status, JSON.stringify(text)).toBe(201);
        const read = await call(fx.app, `/api/leads/${created.body.id}`, {
          bearer: fx.partner.token,
          headers: { "x-min-position": created.body.position },
        });
        expect(read.status).toBe(200);
        expect([read.body.name, read.body.business, read.body.source, read.body.notes]).toEqual(
          [text, text, text, text].map((t) => t.trim()),
        );
        expect(read.headers.get("content-type")).toMatch(/^application\/json/); // never sniffed as HTML
      }
    }, 120_000);

    it("refuses NUL and lone surrogates with a 400 naming the field, appending nothing", async () => {
      for (const text of UNSTORABLE) {
        const before = await count(fx.app);
        const res = await call(fx.app, "/api/leads", {
          method: "POST",
          bearer: fx.partner.token,
          body: { name: text, business: "B", email: "nul@example.com" },
        });
        expect(res.status, JSON.stringify(text)).toBe(400);
        isProblem(res);
        expect(JSON.stringify(res.body.errors)).toContain("name");
        expect(await count(fx.app)).toBe(before);
      }
    });

    it("answers GET queries with NUL, markup or SQL without a 5xx", async () => {
      for (const search of ["%00", "%F0%9F%98%80", "'%20OR%201%3D1%20--", "%3Cscript%3E", "%ED%A0%80", "%25%5F%5C"]) {
        const res = await call(fx.app, `/api/leads?search=${search}`, { bearer: fx.partner.token });
        expect(res.status, search).toBeLessThan(500);
        if (res.status >= 400) isProblem(res);
      }
    });

    it("refuses unstorable text in the public questionnaire too", async () => {
      const lead = await call(fx.app, "/api/leads", {
        method: "POST",
        bearer: fx.partner.token,
        body: { name: "Q", business: "B", email: "q@example.com" },
      });
      const { token } = await issueClientLink(fx.app, lead.body.id, fx.partner);
      for (const text of UNSTORABLE) {
        const before = await count(fx.app);
        const res = await call(fx.app, "/api/questionnaire", {
          method: "POST",
          ip: `10.9.${Math.floor(Math.random() * 250)}.1`,
          body: { token, [QUESTIONNAIRE_TEXT_FIELDS[0]!]: text },
        });
        expect(res.status, JSON.stringify(text)).toBe(400);
        expect(await count(fx.app)).toBe(before);
      }
    });

    it("answers oversized bodies 413, deep JSON 400 or 413, and wrong content types 415, all problem+json", async () => {
      const before = await count(fx.app);
      const headers = { authorization: `Bearer ${fx.partner.token}` };
      const send = (body: string, contentType: string, path = "/api/leads") =>
        fetch(`${fx.app.url}${path}`, { method: "POST", headers: { ...headers, "content-type": contentType }, body });
      const big = await send(JSON.stringify({ name: "x".repeat(2_000_000), business: "B", email: "b@example.com" }), "application/json");
      expect(big.status).toBe(413);
      isProblem(big);
      const deep = await send(`${"[".repeat(10_000)}${"]".repeat(10_000)}`, "application/json");
      expect([400, 413]).toContain(deep.status);
      isProblem(deep);
      const deepObject = await send(`${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`, "application/json");
      expect([400, 413]).toContain(deepObject.status);
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/json-patch+json",
      ]) {
        const res = await send('{"name":"x","business":"B","email":"b@example.com"}', type);
        expect(res.status, type).toBe(415);
        isProblem(res);
      }
      const publicForm = await send("token=1", "application/x-www-form-urlencoded", "/api/questionnaire");
      expect(publicForm.status).toBe(415);
      expect(await count(fx.app)).toBe(before);
    });
  });
}
