import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { call, type CallOptions } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";

const hasPostgres = await postgresAvailable();
const VALID = { name: "Ada", business: "Lovelace Co", email: "ada@example.com" };

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `HTTP errors on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      const fx = appWithPartner(backend);

      const api = (path: string, options: CallOptions = {}) => call(fx.app, path, { bearer: fx.partner.token, ...options });
      /** Sends a raw body with a content type of the test's choosing. */
      const raw = (method: string, path: string, body: string, contentType = "application/json", headers: Record<string, string> = {}) =>
        fetch(`${fx.app.url}${path}`, { method, headers: { ...fx.partner.headers, "content-type": contentType, ...headers }, body });
      const problemOf = async (res: Response) => {
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        return (await res.json()) as { status: number; title: string; errors?: { field: string; message: string }[] };
      };
      const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
      async function createLead() {
        const created = await api("/api/leads", { method: "POST", body: VALID });
        expect(created.status).toBe(201);
        return created.body as { id: string; version: number; position: string };
      }

      it("names every invalid field in a 400 problem", async () => {
        const res = await api("/api/leads", {
          method: "POST",
          body: { name: "", business: " ", email: "not-an-email", priority: "urgent" },
        });
        expect(res.status).toBe(400);
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 400, title: "Validation failed" });
        expect(fieldsOf(res.body)).toEqual(["business", "email", "name", "priority"]);
        const missing = await api("/api/leads", { method: "POST", body: {} });
        expect(fieldsOf(missing.body)).toEqual(["business", "email", "name"]);
      });

      it("refuses unknown fields", async () => {
        const res = await api("/api/leads", { method: "POST", body: { ...VALID, colour: "red" } });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: "colour", message: "Unknown field" }]);
        const { id } = await createLead();
        const patch = await api(`/api/leads/${id}`, { method: "PATCH", body: { id: randomUUID(), version: 9 } });
        expect(patch.status).toBe(400);
        expect(fieldsOf(patch.body).join()).toMatch(/id/);
      });

      it("refuses malformed JSON and bodies that are not objects", async () => {
        const res = await raw("POST", "/api/leads", '{"name": "Ada",');
        expect(res.status).toBe(400);
        expect((await problemOf(res)).title).toBe("Malformed JSON");
        for (const body of ["[]", '"text"', "42", "null"]) {
          const other = await raw("POST", "/api/leads", body);
          expect(other.status, body).toBe(400);
          await problemOf(other);
        }
      });

      it("answers 404 for a lead that does not exist and 400 for an id that is not a UUID", async () => {
        const unknown = randomUUID();
        expect((await api(`/api/leads/${unknown}`)).status).toBe(404);
        const patch = await api(`/api/leads/${unknown}`, { method: "PATCH", body: { notes: "x" } });
        expect(patch.status).toBe(404);
        expect(patch.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        for (const method of ["GET", "PATCH"]) {
          const res = await api("/api/leads/not-a-uuid", { method, ...(method === "PATCH" ? { body: { notes: "x" } } : {}) });
          expect(res.status, method).toBe(400);
          expect(res.body.errors).toEqual([expect.objectContaining({ field: "id" })]);
        }
      });

      it("answers 409 for a stale expectedVersion and 412 for a stale If-Match, changing nothing", async () => {
        const { id } = await createLead();
        const conflict = await api(`/api/leads/${id}`, { method: "PATCH", body: { notes: "a", expectedVersion: 5 } });
        expect(conflict.status).toBe(409);
        const precondition = await api(`/api/leads/${id}`, { method: "PATCH", body: { notes: "b" }, headers: { "If-Match": '"5"' } });
        expect(precondition.status).toBe(412);
        const badIfMatch = await api(`/api/leads/${id}`, { method: "PATCH", body: { notes: "b" }, headers: { "If-Match": "yesterday" } });
        expect(badIfMatch.status).toBe(400);
        expect(await fx.app.system.store.readStream(`lead-${id}`)).toHaveLength(1);
        const ok = await api(`/api/leads/${id}`, { method: "PATCH", body: { notes: "c" }, headers: { "If-Match": '"1"' } });
        expect(ok.status).toBe(200);
        expect(ok.body).toMatchObject({ version: 2, notes: "c" });
      });

      it("answers 413 for a body over 1 MB and 415 for a body that is not JSON", async () => {
        const big = await raw("POST", "/api/leads", JSON.stringify({ ...VALID, notes: "x".repeat(1_100_000) }));
        expect(big.status).toBe(413);
        await problemOf(big);
        const text = await raw("POST", "/api/leads", "name=Ada", "text/plain");
        expect(text.status).toBe(415);
        await problemOf(text);
        const form = await raw("POST", "/api/leads", "name=Ada", "application/x-www-form-urlencoded");
        expect(form.status).toBe(415);
      });

      it("creates one lead for a repeated Idempotency-Key and answers with the same lead", async () => {
        const key = `create-${randomUUID()}`;
        const first = await api("/api/leads", { method: "POST", body: VALID, headers: { "Idempotency-Key": key } });
        const again = await api("/api/leads", {
          method: "POST",
          body: { ...VALID, name: "Someone else" },
          headers: { "Idempotency-Key": key },
        });
        expect(first.status).toBe(201);
        expect(again.body).toMatchObject({ id: first.body.id, name: "Ada", version: 1, position: first.body.position });
        expect(await eventsOfCommand(key)).toBe(1);
      });

      it("creates one lead when requests with the same Idempotency-Key race", async () => {
        const key = `race-${randomUUID()}`;
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => api("/api/leads", { method: "POST", body: VALID, headers: { "Idempotency-Key": key } })),
        );
        for (const answer of answers) expect(answer.status).toBeLessThan(300);
        expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
        expect(await eventsOfCommand(key)).toBe(1);
      });

      it("answers a repeated Idempotency-Key only for the same request: another lead, a create or another person is refused", async () => {
        const key = `edit-${randomUUID()}`;
        const [a, b] = [await createLead(), await createLead()];
        const edit = (id: string, bearer = fx.partner.token) =>
          call(fx.app, `/api/leads/${id}`, { method: "PATCH", body: { notes: "Called" }, headers: { "Idempotency-Key": key }, bearer });
        expect((await edit(a.id)).status).toBe(200);
        expect((await edit(a.id)).body).toMatchObject({ id: a.id, notes: "Called", version: 2 });

        const otherLead = await edit(b.id);
        const create = await api("/api/leads", { method: "POST", body: VALID, headers: { "Idempotency-Key": key } });
        const otherPerson = await edit(a.id, (await signUpAs(fx.app, { role: "Partner" })).token);
        for (const refused of [otherLead, create, otherPerson]) {
          expect(refused.status).toBe(400);
          expect(refused.body.errors).toEqual([{ field: "Idempotency-Key", message: "Already used for another request; use a new key" }]);
        }
        expect((await api(`/api/leads/${b.id}`)).body).toMatchObject({ notes: null, version: 1 });
        expect(await eventsOfCommand(key)).toBe(1);
      });

      it("refuses an Idempotency-Key it cannot store", async () => {
        const res = await api("/api/leads", { method: "POST", body: VALID, headers: { "Idempotency-Key": "x".repeat(201) } });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ field: "Idempotency-Key" })]);
      });

      it("never answers 500 to odd requests", async () => {
        const { id } = await createLead();
        const odd: [string, string, string | undefined, Record<string, string>?][] = [
          ["POST", "/api/leads", JSON.stringify({ ...VALID, name: { $gt: "" } })],
          ["POST", "/api/leads", JSON.stringify({ ...VALID, __proto__: { admin: true }, constructor: { prototype: {} } })],
          ["POST", "/api/leads", JSON.stringify({ ...VALID, priority: ["high"] })],
          ["POST", "/api/leads", JSON.stringify({ ...VALID, name: "a".repeat(100_000) })],
          ["POST", "/api/leads", "\u0000\u0001"],
          ["PATCH", `/api/leads/${id}`, JSON.stringify({ expectedVersion: 1e308 })],
          ["PATCH", `/api/leads/${id}`, JSON.stringify({ expectedVersion: -1 })],
          ["PATCH", `/api/leads/${id}`, JSON.stringify({ stage: "Nowhere" })],
          ["PATCH", `/api/leads/${id}`, JSON.stringify({ creativeDirectorId: "not-a-uuid" })],
          ["PATCH", `/api/leads/${id}`, JSON.stringify({ notes: "x" }), { "If-Match": '"99999999999"' }],
          ["PATCH", `/api/leads/${id}`, JSON.stringify({ notes: "x" }), { "X-Correlation-Id": "bad value with spaces" }],
          ["GET", "/api/leads?stage=Nowhere", undefined],
          ["GET", "/api/leads?stage=New%20Lead&stage=Active", undefined],
          ["GET", "/api/leads?search=%", undefined],
          ["GET", `/api/leads/%E0%A4%A`, undefined],
          ["GET", `/api/leads/${"9".repeat(5000)}`, undefined],
          ["GET", "/api/leads", undefined, { "X-Min-Position": "99999999999999999999-99999999999999999999" }],
          ["GET", "/api/no-such-route", undefined],
          ["DELETE", "/api/leads", undefined],
        ];
        for (const [method, path, body, headers] of odd) {
          const res = await fetch(`${fx.app.url}${path}`, {
            method,
            headers: { ...fx.partner.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
            ...(body !== undefined ? { body } : {}),
          });
          expect(res.status, `${method} ${path} ${body?.slice(0, 60) ?? ""}`).toBeLessThan(500);
        }
      });

      /** How many events the log holds for one command id. */
      async function eventsOfCommand(commandId: string): Promise<number> {
        const { rows } = await fx.app.system.db.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE metadata->>'commandId' = $1", [
          commandId,
        ]);
        return Number(rows[0]!.n);
      }
    },
  );
}
