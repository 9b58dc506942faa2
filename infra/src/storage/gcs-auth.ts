import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";

/** The fields of a Google service-account key file that signing needs. */
interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const SCOPE = "https://www.googleapis.com/auth/devstorage.read_write";
const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** GCS_CREDENTIALS is the key file's JSON itself or a path to it. */
export function readServiceAccount(credentials: string): ServiceAccount {
  const json = credentials.trim().startsWith("{") ? credentials : readFileSync(credentials, "utf8");
  const parsed = JSON.parse(json) as Partial<ServiceAccount>;
  if (!parsed.client_email || !parsed.private_key)
    throw new Error("GCS_CREDENTIALS needs client_email and private_key (a service-account key)");
  return parsed as ServiceAccount;
}

/**
 * Access tokens for a service account by the OAuth 2.0 JWT bearer grant (RFC 7523), as Google's
 * client libraries do; cached until a minute before they expire.
 */
export function serviceAccountTokens(account: ServiceAccount, now: () => Date = () => new Date()): () => Promise<string> {
  const tokenUri = account.token_uri ?? "https://oauth2.googleapis.com/token";
  let cached: { token: string; expiresAt: number } | undefined;
  return async () => {
    const at = now().getTime();
    if (cached && cached.expiresAt - 60_000 > at) return cached.token;
    const iat = Math.floor(at / 1000);
    const unsigned = `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${b64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat, exp: iat + 3600 }))}`;
    const signature = createSign("RSA-SHA256").update(unsigned).sign(account.private_key);
    const res = await fetch(tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion: `${unsigned}.${b64url(signature)}`,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`Google token endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    cached = { token: body.access_token, expiresAt: at + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  };
}
