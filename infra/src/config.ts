import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** A fast path's off switch: "on" (the default) or "off". */
const fastSwitch = z
  .enum(["on", "off"])
  .default("on")
  .transform((v) => v === "on");

/**
 * The fast paths (decisions/043): performance machinery behind a seam each, on by default. Off,
 * each does the plain thing instead, and the app behaves the same, only slower; the command and
 * projector suites also run with all of them off (vitest.config.ts, project "int-plain").
 */
const FastPathsSchema = z.object({
  /** Commands decide on the stream state this process kept (decisions/033). Off: every command loads its stream. */
  FAST_STREAM_STATES: fastSwitch,
  /** Appends, stream loads and session lookups that arrive together share one statement (decisions/025). Off: each runs alone. */
  FAST_GROUP_BATCHING: fastSwitch,
  /**
   * The projector sends a batch's statements together, keeps its checkpoints in memory and commits
   * without waiting for the disk (decisions/029). Off: read the checkpoints, read a batch, apply
   * it to each read model, save the checkpoints, strictly in turn.
   */
  FAST_PIPELINED_PROJECTOR: fastSwitch,
  /** Requests and responses are made with Express's prototypes (decisions/037). Off: plain Express. */
  FAST_EXPRESS_PROTOTYPES: fastSwitch,
});

const ConfigSchema = z.object({
  ...FastPathsSchema.shape,
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  // Reads from a streaming replica (docs/decisions/061-reads-from-a-replica.md): the read API's read-model queries go to this
  // hot standby of DATABASE_URL; commands, sessions, the log and the projector stay on the primary.
  READ_DATABASE_URL: optionalUrl,
  /**
   * When the replica cannot answer: "none" answers a read that waited for its own write (X-Min-Position) with
   * X-Stale: true, and any read while the replica is down with 503 and Retry-After; "primary" reads from the primary then.
   */
  READ_FALLBACK: z.enum(["none", "primary"]).default("none"),
  KURRENTDB_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  // Messaging (decisions/008): without SMTP_URL mail goes to DATA_DIR/outbox/mail, without TWILIO_* SMS to DATA_DIR/outbox/sms.
  MAIL_FROM: z.string().trim().min(3).default("Agency CRM <crm@localhost>"),
  /**
   * The Contact of /.well-known/security.txt (RFC 9116): an email address, or a mailto:, https: or tel:
   * URI; unset, MAIL_FROM's address.
   */
  SECURITY_CONTACT: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.union([z.email(), z.url({ protocol: /^(mailto|https|tel)$/ })]).optional())
    .optional(),
  // Replies (docs/product.md, "Replies"): the agency's inbound address; each lead's mail carries a sub-address of it as
  // Reply-To. Mail reaches it through the SMTP listener (INBOUND_SMTP_PORT, for an MX record pointing here) and/or a
  // polled IMAP mailbox (IMAP_URL, e.g. imaps://user:password@imap.example.com/INBOX); either needs INBOUND_ADDRESS.
  INBOUND_ADDRESS: z.string().trim().transform((v) => (v === "" ? undefined : v)).pipe(z.email().optional()).optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  INBOUND_SMTP_HOST: z.string().trim().min(1).default("0.0.0.0"),
  IMAP_URL: optionalUrl,
  /** How often the IMAP mailbox is polled, in milliseconds. */
  IMAP_POLL_MS: z.coerce.number().int().min(1_000).default(30_000),
  TWILIO_ACCOUNT_SID: z.string().trim().optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().optional(),
  TWILIO_FROM: z.string().trim().optional(),
  // Google Meet links through the Calendar API when client id, secret and refresh token are set; else Jitsi.
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_REFRESH_TOKEN: z.string().trim().optional(),
  GOOGLE_CALENDAR_ID: z.string().trim().min(1).default("primary"),
  GOOGLE_API_URL: z.url().default("https://www.googleapis.com/calendar/v3"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  JITSI_URL: z.url().default("https://meet.jit.si"),
  // Files (decisions/013): Google Cloud Storage when GCS_BUCKET is set, else DATA_DIR/files. GCS_CREDENTIALS is a
  // service-account key (JSON or a path to it); without it no token is sent (an emulator behind GCS_API_ENDPOINT).
  GCS_BUCKET: z.string().trim().min(1).optional(),
  GCS_PROJECT_ID: z.string().trim().optional(),
  GCS_API_ENDPOINT: z.url().default("https://storage.googleapis.com"),
  GCS_CREDENTIALS: z.string().trim().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** GET /api/metrics: with a token only as its bearer (from anywhere), without one only from loopback. */
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  /** GET /api/ready answers 503 while a projection is more than this many events behind the log head. */
  READY_MAX_LAG: z.coerce.number().int().min(0).default(1000),
  // The ledger (docs/decisions/057-the-auditors-ledger.md): the Ed25519 key that signs the chain's checkpoints, as a PKCS #8
  // PEM or the base64 of a 32-byte seed; unset, DATA_DIR/audit-signing-key.pem, made on first start. Keep it away from the database.
  AUDIT_SIGNING_KEY: z.string().trim().transform((v) => (v === "" ? undefined : v)).optional(),
  /** The chain's head is signed after this many new events, or after AUDIT_CHECKPOINT_MINUTES with any. */
  AUDIT_CHECKPOINT_EVERY: z.coerce.number().int().min(1).default(10_000),
  AUDIT_CHECKPOINT_MINUTES: z.coerce.number().min(0).default(60),
  // Sign-in through OpenID Connect (Google by default); off unless issuer, client id and secret are all set.
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().trim().optional(),
  /** Defaults to PUBLIC_URL + /api/auth/oidc/callback, else the request's own origin. */
  OIDC_REDIRECT_URL: optionalUrl,
  OIDC_PROVIDER_NAME: z.string().trim().min(1).default("Google"),
  /** Express "trust proxy": loopback by default; e.g. "loopback, uniquelocal" behind the compose gateway. */
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default("loopback")
    .transform((v): string | number | boolean => (/^\d+$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v)),
}).superRefine((c, ctx) => {
  const set = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter((v) => v !== undefined && v !== "").length;
  if (set !== 0 && set !== 3) ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together" });
}).superRefine((c, ctx) => {
  // Half a provider configuration would silently fall back to the outbox or Jitsi: refuse it at start.
  const together = (names: (keyof typeof c)[]) => {
    const set = names.filter((n) => c[n] !== undefined && c[n] !== "").length;
    if (set !== 0 && set !== names.length) ctx.addIssue({ code: "custom", path: [names[0]!], message: `Set ${names.join(", ")} together` });
  };
  together(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]);
  if (c.GCS_BUCKET === undefined && c.GCS_CREDENTIALS) ctx.addIssue({ code: "custom", path: ["GCS_BUCKET"], message: "GCS_CREDENTIALS needs GCS_BUCKET" });
  together(["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_REFRESH_TOKEN"]);
  if (c.READ_DATABASE_URL && !c.DATABASE_URL) ctx.addIssue({ code: "custom", path: ["READ_DATABASE_URL"], message: "READ_DATABASE_URL is a replica of DATABASE_URL: set both" });
  if ((c.INBOUND_SMTP_PORT !== undefined || c.IMAP_URL) && !c.INBOUND_ADDRESS)
    ctx.addIssue({ code: "custom", path: ["INBOUND_ADDRESS"], message: "INBOUND_SMTP_PORT and IMAP_URL need INBOUND_ADDRESS, the address replies are sent to" });
});

export type Config = Omit<z.infer<typeof ConfigSchema>, "DATA_DIR"> & { DATA_DIR: string };

export class ConfigError extends Error {}

/** Which fast paths are on; each component takes its own as a constructor option. */
export interface FastPaths {
  streamStates: boolean;
  groupBatching: boolean;
  pipelinedProjector: boolean;
  expressPrototypes: boolean;
}

export function fastPathsOf(config: z.infer<typeof FastPathsSchema>): FastPaths {
  return {
    streamStates: config.FAST_STREAM_STATES,
    groupBatching: config.FAST_GROUP_BATCHING,
    pipelinedProjector: config.FAST_PIPELINED_PROJECTOR,
    expressPrototypes: config.FAST_EXPRESS_PROTOTYPES,
  };
}

/**
 * The fast paths this process's environment switches on: what a component uses when its
 * constructor is not told (a test's store, say), so that FAST_*=off reaches every one of them.
 */
export function fastPathDefaults(env: NodeJS.ProcessEnv = process.env): FastPaths {
  const parsed = FastPathsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return fastPathsOf(parsed.data);
}

/** The FAST_* variables set in an environment, to carry over into a configuration made from other values. */
export const fastPathVariables = (env: NodeJS.ProcessEnv = process.env): Record<string, string> =>
  Object.fromEntries(Object.keys(FastPathsSchema.shape).flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])));

/** Reads and validates the environment once at boot; fails fast naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
