import type { Backend } from "@crm/infra/testing/test-database";
import { afterAll, beforeAll } from "vitest";
import { signUpAs, type SignedIn } from "./sign-up-as.ts";
import { startTestApp, type AppOnDatabaseOptions, type TestApp } from "./test-app.ts";

export interface AppWithPartner {
  app: TestApp;
  /** A signed-in Partner of the app. */
  partner: SignedIn;
}

/**
 * The app the tests of one describe block share, with a signed-in Partner: started before them
 * (startTestApp's arguments), closed after. Its fields are set once the block's beforeAll has run.
 */
export function appWithPartner(
  backend: Backend,
  env: Record<string, string> = {},
  extra: Pick<AppOnDatabaseOptions, "log"> = {},
): AppWithPartner {
  const fixture = {} as AppWithPartner;
  beforeAll(async () => {
    fixture.app = await startTestApp(backend, env, extra);
    fixture.partner = await signUpAs(fixture.app, { role: "Partner" });
  });
  afterAll(() => fixture.app?.close());
  return fixture;
}
