import * as client from "openid-client";

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the social button ("Google"). */
  providerName: string;
  /** Plain-http issuers are refused unless this is set (tests against a loopback server only). */
  allowInsecure?: boolean;
}

/** What the browser keeps between start and callback (in a short-lived HttpOnly cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

export interface OidcClient {
  readonly providerName: string;
  /** The provider's authorization URL (code flow with PKCE S256, state and nonce) and the flow to keep. */
  start(redirectUri: string): Promise<{ url: string; flow: OidcFlow }>;
  /** Exchanges the code; openid-client checks state, nonce, PKCE, issuer, audience and signature. */
  finish(callbackQuery: string, flow: OidcFlow): Promise<OidcIdentity>;
}

/** An OpenID Connect relying party for one provider; discovery runs once, on first use. */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;
  const discover = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined; // try again on the next sign-in instead of failing forever
        throw error;
      });
    return configuration;
  };

  return {
    providerName: settings.providerName,
    async start(redirectUri) {
      const config = await discover();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email profile",
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, flow };
    },

    async finish(callbackQuery, flow) {
      const config = await discover();
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(
        config,
        currentUrl,
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
        { redirect_uri: flow.redirectUri },
      );
      const claims = tokens.claims()!;
      let email = typeof claims.email === "string" ? claims.email : undefined;
      let verified = claims.email_verified === true;
      if (!email) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = info.email;
        verified = info.email_verified === true;
      }
      return { issuer: config.serverMetadata().issuer, subject: claims.sub, email: email?.trim().toLowerCase(), emailVerified: verified };
    },
  };
}
