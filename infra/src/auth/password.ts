import { hash, verify, type Options } from "@node-rs/argon2";

// Argon2id (the package's const enum cannot be imported under isolatedModules), OWASP's first
// recommended setting: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = 2 as NonNullable<Options["algorithm"]>;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let dummyHash: Promise<string> | undefined;

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Checks a password against a stored hash. Without a hash (unknown email, or an account that
 * signs in only through OIDC) it still spends the time of one verification, so the answer's
 * timing does not tell whether the email exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
