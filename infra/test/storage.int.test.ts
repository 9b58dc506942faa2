import { generateKeyPairSync, createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStorage } from "../src/storage/file-storage.ts";
import { serviceAccountTokens } from "../src/storage/gcs-auth.ts";
import { gcsStorage } from "../src/storage/gcs-storage.ts";
import { localStorage } from "../src/storage/local-storage.ts";
import { receiveUpload } from "../src/storage/upload.ts";
import { fakeGoogle } from "../testing/fake-google-storage.ts";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const chunks = (buffer: Buffer, size = 1000) =>
  Readable.from(Array.from({ length: Math.ceil(buffer.length / size) }, (_, i) => buffer.subarray(i * size, (i + 1) * size)));

/** The same behaviour from both adapters. */
function contract(name: string, open: () => FileStorage) {
  describe(`${name} storage`, () => {
    it("streams a file in, reads it back and deletes it", async () => {
      const storage = open();
      const received = await receiveUpload(chunks(PNG, 10), "photo", storage, "leads/l1/f1");
      expect(received).toEqual({ size: PNG.length, contentType: "image/png", checksum: createHash("sha256").update(PNG).digest("hex") });
      const object = await storage.get("leads/l1/f1");
      expect(await buffer(object!.stream)).toEqual(PNG);
      await storage.delete("leads/l1/f1");
      expect(await storage.get("leads/l1/f1")).toBeUndefined();
    });

    it("keeps nothing when the content is refused or too large", async () => {
      const storage = open();
      await expect(receiveUpload(chunks(Buffer.from("MZ\x90\x00 not an image")), "photo", storage, "leads/l1/f2")).rejects.toMatchObject({
        status: 415,
      });
      expect(await storage.get("leads/l1/f2")).toBeUndefined();
      const big = Buffer.concat([Buffer.from("plain text "), Buffer.alloc(2 * 1024 * 1024, 0x61)]);
      await expect(receiveUpload(chunks(big, 64 * 1024), "caption", storage, "leads/l1/f3")).rejects.toMatchObject({ status: 413 });
      expect(await storage.get("leads/l1/f3")).toBeUndefined();
    });

    it("deletes every object in a folder, and nothing outside it", async () => {
      const storage = open();
      for (const key of ["leads/l5/a", "leads/l5/b", "leads/l50/c"])
        await storage.put(key, Readable.from([Buffer.from(key)]), "text/plain");
      await storage.deletePrefix("leads/l5/");
      expect(await storage.get("leads/l5/a")).toBeUndefined();
      expect(await storage.get("leads/l5/b")).toBeUndefined();
      expect(await text((await storage.get("leads/l50/c"))!.stream)).toBe("leads/l50/c");
      await expect(storage.deletePrefix("leads/l5")).rejects.toThrow(/names a folder/);
    });

    it("refuses keys that could leave the storage root", async () => {
      await expect(open().put("../etc/passwd", Readable.from([Buffer.from("x")]), "text/plain")).rejects.toThrow(/Invalid storage key/);
    });
  });
}

const root = mkdtempSync(path.join(tmpdir(), "crm-files-"));
contract("local", () => localStorage(root));

describe("local storage on disk", () => {
  it("leaves no .part file behind after a refused upload", async () => {
    await receiveUpload(chunks(Buffer.from("%PDF-1.4 not a photo")), "photo", localStorage(root), "leads/l9/f9").catch(() => undefined);
    expect(readdirSync(path.join(root, "leads", "l9"))).toEqual([]);
  });

  it("deletes a folder's unfinished uploads with it", async () => {
    mkdirSync(path.join(root, "leads", "l8"), { recursive: true });
    writeFileSync(path.join(root, "leads", "l8", "f1.part"), "half a file");
    await localStorage(root).deletePrefix("leads/l8/");
    expect(existsSync(path.join(root, "leads", "l8"))).toBe(false);
  });
});

const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const google = fakeGoogle(publicKey);
let endpoint = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => (google.server as Server).listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => google.server.close(resolve)));

contract("Google Cloud Storage (loopback)", () =>
  gcsStorage({
    bucket: "bucket-1",
    endpoint,
    token: serviceAccountTokens({ client_email: "crm@p.iam.gserviceaccount.com", private_key: privateKey, token_uri: `${endpoint}/token` }),
  }),
);

describe("Google Cloud Storage requests", () => {
  it("signs a service-account assertion once, sends the token, and never makes an object public", async () => {
    const storage = gcsStorage({
      bucket: "bucket-1",
      endpoint,
      token: serviceAccountTokens({
        client_email: "crm@p.iam.gserviceaccount.com",
        private_key: privateKey,
        token_uri: `${endpoint}/token`,
      }),
    });
    google.seen.length = 0;
    await receiveUpload(chunks(Buffer.from("hello caption")), "caption", storage, "leads/l2/f1");
    expect(await text((await storage.get("leads/l2/f1"))!.stream)).toBe("hello caption");
    expect(google.seen.filter((r) => r.url === "/token")).toHaveLength(1);
    expect(google.seen.filter((r) => r.url !== "/token").every((r) => r.auth === "Bearer tok-1")).toBe(true);
    expect(google.seen.some((r) => /predefinedAcl|publicRead|allUsers/.test(r.url))).toBe(false);
  });

  it("a wrong key gets no token, so nothing is stored", async () => {
    const other = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const storage = gcsStorage({
      bucket: "bucket-1",
      endpoint,
      token: serviceAccountTokens({ client_email: "x@p", private_key: other.privateKey, token_uri: `${endpoint}/token` }),
    });
    await expect(receiveUpload(chunks(PNG), "photo", storage, "leads/l3/f1")).rejects.toThrow(/token endpoint answered 401/);
    expect(google.objects.has("leads/l3/f1")).toBe(false);
  });
});
