import { describe, expect, it } from "vitest";
import { createConformanceChecker, type Exchange } from "../testing/api-conformance.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { takeViolations } from "../testing/conformance-setup.ts";
import { clientFor } from "./leads-helpers.ts";

/**
 * The response-conformance check every integration suite runs under (server/testing/conformance-setup.ts)
 * must be able to fail: each probe here breaks one promise of the document and must be caught.
 */
describe("the API's answers against its OpenAPI document", () => {
  const fixture = appWithPartner("pglite");
  const checker = createConformanceChecker();

  async function exchangeOf(path: string): Promise<Exchange> {
    const res = await fetch(`${fixture.app.url}${path}`, { headers: { authorization: `Bearer ${fixture.partner.token}` } });
    return { method: "GET", url: new URL(res.url), status: res.status, contentType: res.headers.get("content-type"), body: await res.text() };
  }

  it("finds a real answer conformant, and each planted difference in it", async () => {
    const id = await clientFor(fixture.app, fixture.partner).createLead({ name: "Ada Probe" });
    const lead = await exchangeOf(`/api/leads/${id}`);
    expect(checker.check(lead)).toEqual({ operation: "GET /api/leads/{id}", violations: [] });

    const body = JSON.parse(lead.body!) as Record<string, unknown>;
    const withExtra = checker.check({ ...lead, body: JSON.stringify({ ...body, probe: true }) });
    expect(withExtra.violations).toEqual(["answer 200 / must NOT have additional properties (probe)"]);

    const { name: _name, ...withoutName } = body;
    expect(checker.check({ ...lead, body: JSON.stringify(withoutName) }).violations).toEqual(["answer 200 / must have required property 'name'"]);
    expect(checker.check({ ...lead, status: 201 }).violations).toEqual([expect.stringMatching(/^status 201 is not documented/)]);
    expect(checker.check({ ...lead, contentType: "text/html" }).violations).toEqual([expect.stringMatching(/answered text\/html/)]);
  });

  it("finds a request the document does not describe, once the server has taken it", () => {
    const url = new URL(`${fixture.app.url}/api/auth/sign-out?next=home`);
    const signOut: Exchange = { method: "POST", url, requestBody: "{}", status: 204, contentType: null };
    expect(checker.check(signOut).violations).toEqual([
      'query parameter "next" is not documented',
      "the request had a JSON body, but the operation documents none",
    ]);
    // The same request refused is the caller's mistake, and the problem it got is documented.
    expect(checker.check({ ...signOut, status: 400, contentType: "application/problem+json", body: JSON.stringify({ type: "about:blank", title: "Bad", status: 400 }) }).violations).toEqual([]);
  });

  it("fails the test whose answer carries an undocumented property, on the wire", async () => {
    const id = await clientFor(fixture.app, fixture.partner).createLead({ name: "Wire Probe" });
    // A layer ahead of every route that adds one property to the lead's answer, as a careless handler would.
    const stack = fixture.app.express.router.stack;
    fixture.app.express.use((req, res, next) => {
      if (req.method === "GET" && req.path === `/api/leads/${id}`) {
        const json = res.json.bind(res);
        res.json = (value: unknown) => json({ ...(value as object), internalNote: "x" });
      }
      next();
    });
    const planted = stack.pop()!;
    stack.unshift(planted);
    try {
      await takeViolations(); // nothing earlier in this test counts
      await exchangeOf(`/api/leads/${id}`);
      expect(await takeViolations()).toEqual([`GET /api/leads/${id} → 200: answer 200 / must NOT have additional properties (internalNote)`]);
    } finally {
      stack.splice(stack.indexOf(planted), 1);
    }
  });
});
