import { describe, expect, it } from "vitest";
import { call } from "../testing/http-client.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { nextEvent } from "../testing/event-stream.ts";
import { appBackends } from "../testing/test-app.ts";

const FAR_FUTURE = "18446744073709551615-09223372036854775807";

// On a replica pair too: the reads come from the standby (docs/decisions/061-reads-from-a-replica.md).
for (const { backend, missing } of await appBackends({ replica: true })) {
  describe.skipIf(missing)(
    `read-your-writes and live notices on ${backend}${missing ? ` (${missing})` : ""}`,
    () => {
      const fx = appWithPartner(backend);

      const createLead = async (name: string) => {
        const created = await call(fx.app, "/api/leads", {
          method: "POST",
          bearer: fx.partner.token,
          body: { name, business: "Biz", email: "a@b.co" },
        });
        expect(created.status).toBe(201);
        return created.body as { id: string; position: string };
      };

      // From a replica the read meets replay lag too: 200 in a row, as the replica's read-your-writes promises.
      const times = backend === "replica" ? 200 : 50;
      it(`sees its own write on the next read, ${times} times in a row`, async () => {
        for (let i = 0; i < times; i++) {
          const { id, position } = await createLead(`Lead ${i}`);
          const read = await call(fx.app, `/api/leads/${id}`, { bearer: fx.partner.token, headers: { "X-Min-Position": position } });
          expect(read.status).toBe(200);
          expect(read.headers.get("x-stale")).toBeNull();
          expect(read.body).toMatchObject({ id, name: `Lead ${i}` });
        }
      });

      it("accepts a position written without leading zeros", async () => {
        const { id, position } = await createLead("Short form");
        const short = position
          .split("-")
          .map((part) => BigInt(part).toString())
          .join("-");
        const read = await call(fx.app, `/api/leads/${id}`, { bearer: fx.partner.token, headers: { "X-Min-Position": short } });
        expect(read.status).toBe(200);
        expect(read.headers.get("x-stale")).toBeNull();
      });

      it("answers with what it has and X-Stale: true when the read models never reach the position", async () => {
        const read = await call(fx.app, "/api/leads", { bearer: fx.partner.token, headers: { "X-Min-Position": FAR_FUTURE } });
        expect(read.status).toBe(200);
        expect(read.headers.get("x-stale")).toBe("true");
      });

      it("refuses an X-Min-Position that is not a position with a 400 problem naming the header", async () => {
        for (const bad of ["abc", "12", "1-2-3", "-1-2", "1-x"]) {
          const read = await call(fx.app, "/api/leads", { bearer: fx.partner.token, headers: { "X-Min-Position": bad } });
          expect(read.status, bad).toBe(400);
          expect(read.headers.get("content-type")).toMatch(/^application\/problem\+json/);
          expect(read.body.errors).toEqual([expect.objectContaining({ field: "X-Min-Position" })]);
        }
      });

      it('streams an "advanced" notice naming the leads topic after a lead is created', async () => {
        const controller = new AbortController();
        const res = await fetch(`${fx.app.url}/api/events/stream`, { headers: fx.partner.headers, signal: controller.signal });
        try {
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
          const reader = res.body!.getReader();
          const buffer = { text: "" };
          await nextEvent(reader, buffer, (e) => e.event === "ready");
          const { id } = await createLead("Live");
          const advanced = await nextEvent(
            reader,
            buffer,
            (e) => e.event === "advanced" && (JSON.parse(e.data) as { topics: string[] }).topics.includes(`lead:${id}`),
          );
          const notice = JSON.parse(advanced.data) as { position: string; topics: string[] };
          expect(notice.topics).toContain("leads");
          expect(notice.position).toMatch(/^\d{20}-\d{20}$/);
        } finally {
          controller.abort();
        }
      });
    },
  );
}
