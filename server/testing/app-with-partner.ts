import { afterAll, beforeAll, expect } from "vitest";
import { call } from "./http-client.ts";
import { signUpAs, type SignedIn } from "./sign-up-as.ts";
import { startTestApp, type AppBackend, type AppOnDatabaseOptions, type TestApp } from "./test-app.ts";

export interface AppWithPartner {
  app: TestApp;
  /** A signed-in Partner of the app. */
  partner: SignedIn;
}

export interface AppWithPartnerOptions extends Pick<AppOnDatabaseOptions, "log"> {
  /** The Partner's display name (as the timeline and history show it); else one from its email. */
  partnerName?: string;
  /**
   * What the block's tests all start from (other users, seeded leads), run in the same beforeAll
   * once the app and the Partner are there; an expectation that fails in it fails the block.
   */
  seed?: (fixture: AppWithPartner) => Promise<void>;
  /** The beforeAll's timeout in ms, for a seed that takes longer than the configured hook timeout. */
  timeout?: number;
}

/**
 * The app the tests of one describe block share, with a signed-in Partner: started before them
 * (startTestApp's arguments), closed after. Its fields are set once the block's beforeAll has run.
 */
export function appWithPartner(backend: AppBackend, env: Record<string, string> = {}, options: AppWithPartnerOptions = {}): AppWithPartner {
  const { partnerName, seed, timeout, ...extra } = options;
  const fixture = {} as AppWithPartner;
  beforeAll(async () => {
    fixture.app = await startTestApp(backend, env, extra);
    fixture.partner = await signUpAs(fixture.app, { role: "Partner", displayName: partnerName });
    await seed?.(fixture);
  }, timeout);
  afterAll(() => fixture.app?.close());
  return fixture;
}

/** Creates leads one after another as the fixture's Partner (POST /api/leads), each expected to be accepted. */
export async function createLeads(
  { app, partner }: AppWithPartner,
  count: number,
  bodyOf: (index: number) => Record<string, unknown>,
): Promise<{ id: string; version: number }[]> {
  const leads: { id: string; version: number }[] = [];
  for (let i = 0; i < count; i++) {
    const created = await call(app, "/api/leads", { method: "POST", bearer: partner.token, body: bodyOf(i) });
    expect(created.status).toBe(201);
    leads.push({ id: created.body.id, version: created.body.version });
  }
  return leads;
}
