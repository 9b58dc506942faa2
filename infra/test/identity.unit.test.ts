import { describe, expect, it } from "vitest";
import { generateSessionToken, sessionIdOf } from "../src/auth/sessions.ts";
import { hashPassword, verifyPassword } from "../src/auth/password.ts";
import { createRuleMatcher } from "../src/http/access-match.ts";
import { PARTNER, STAFF } from "../src/http/access-policy.ts";

describe("access rule matching", () => {
  const match = createRuleMatcher([
    { method: "GET", path: "/api/users/:id", allow: STAFF },
    { method: "GET", path: "/api/users/pending", allow: PARTNER },
  ]);

  it("prefers a literal segment over a parameter, whatever the order of the lines", () => {
    expect(match("GET", "/api/users/pending")?.allow).toBe(PARTNER);
    expect(match("GET", "/api/users/123")?.allow).toBe(STAFF);
  });

  it("matches as Express routes do: any letter case, optional trailing slash, HEAD as GET", () => {
    expect(match("HEAD", "/API/Users/Pending/")?.allow).toBe(PARTNER);
    expect(match("GET", "/api/users")).toBeUndefined();
    expect(match("GET", "/api/users/1/2")).toBeUndefined();
    expect(match("POST", "/api/users/pending")).toBeUndefined();
  });
});

describe("session tokens and passwords", () => {
  it("makes 160-bit base32 tokens and stores only their SHA-256", () => {
    const token = generateSessionToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(generateSessionToken()).not.toBe(token);
    expect(sessionIdOf(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdOf(token)).not.toContain(token);
  });

  it("names a session by the hex SHA-256 of its token's UTF-8, so sessions stored before keep working", () => {
    // FIPS 180-2's test vector, and a token whose UTF-8 is not its UTF-16 (what a hash of the code units would differ on).
    expect(sessionIdOf("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sessionIdOf("é")).toBe("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
  });

  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "Correct horse")).toBe(false);
    expect(await verifyPassword(null, "correct horse")).toBe(false);
    expect(await verifyPassword("not a hash", "correct horse")).toBe(false);
  });
});
