import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The server's Ed25519 key for the ledger (docs/decisions/057-the-auditors-ledger.md): it signs the
 * chain's checkpoints and the digests erasure leaves behind. Whoever can change the database but not
 * read this key cannot forge either.
 */
export interface AuditKey {
  /** The first 16 hex digits of SHA-256 over the public key's DER bytes. */
  keyId: string;
  /** SPKI PEM, for auditors to keep. */
  publicKeyPem: string;
  sign(message: string | Buffer): Buffer;
}

/** The DER prefix of a PKCS #8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export const KEY_FILE = "audit-signing-key.pem";

function keyFrom(privateKey: KeyObject): AuditKey {
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("AUDIT_SIGNING_KEY must be an Ed25519 key");
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ format: "der", type: "spki" });
  return {
    keyId: createHash("sha256").update(der).digest("hex").slice(0, 16),
    publicKeyPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
    sign: (message) => sign(null, Buffer.from(message), privateKey),
  };
}

/** A key from its PKCS #8 PEM or the base64 of its 32-byte seed. */
export function parseAuditKey(text: string): AuditKey {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----BEGIN")) return keyFrom(createPrivateKey(trimmed));
  const seed = Buffer.from(trimmed, "base64");
  if (seed.length !== 32) throw new Error("AUDIT_SIGNING_KEY must be a PKCS #8 PEM or the base64 of a 32-byte Ed25519 seed");
  return keyFrom(createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" }));
}

/**
 * AUDIT_SIGNING_KEY when set; else the key in DATA_DIR/audit-signing-key.pem, made on first use
 * (readable by this user only), so `npm start` signs from the start. Production sets the variable
 * from a secret store, away from the database.
 */
export function loadAuditKey(configured: string | undefined, dataDir: string): AuditKey {
  if (configured) return parseAuditKey(configured);
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync("ed25519");
    // "wx": two processes starting together keep the first one's key.
    try {
      writeFileSync(file, privateKey.export({ format: "pem", type: "pkcs8" }), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    chmodSync(file, 0o600);
  }
  return parseAuditKey(readFileSync(file, "utf8"));
}

/** True when signature (base64 or bytes) is publicKeyPem's Ed25519 signature of message. */
export function verifySignature(publicKeyPem: string, message: string | Buffer, signature: string | Buffer): boolean {
  try {
    const bytes = typeof signature === "string" ? Buffer.from(signature, "base64") : signature;
    return verify(null, Buffer.from(message), createPublicKey(publicKeyPem), bytes);
  } catch {
    return false;
  }
}
