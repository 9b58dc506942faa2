import { call } from "./http-client.ts";
import type { SignedIn } from "./sign-up-as.ts";
import type { TestApp } from "./test-app.ts";

export interface IssuedClientLink {
  /** The secret the URL carries (only its hash is stored). */
  token: string;
  /** The full client URL, as staff copy it. */
  url: string;
  linkId: string;
  /** The command's log position, for reads that must see the link. */
  position: string;
}

/**
 * Creates a client questionnaire link for a lead as a staff account (POST /api/leads/:id/client-link),
 * replacing the lead's live one; throws unless the app answers 201.
 */
export async function issueClientLink(app: TestApp, leadId: string, asAccount: SignedIn): Promise<IssuedClientLink> {
  const created = await call(app, `/api/leads/${leadId}/client-link`, { method: "POST", bearer: asAccount.token, body: {} });
  if (created.status !== 201) throw new Error(`Issuing a client link answered ${created.status}: ${JSON.stringify(created.body)}`);
  const url = created.body.url as string;
  return { token: url.slice(url.lastIndexOf("/") + 1), url, linkId: created.body.id, position: created.body.position };
}
