import { describe, expect, it } from "vitest";
import { sniffContentType } from "../src/storage/sniff.ts";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("content type from the bytes", () => {
  it.each([
    ["image/jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF")],
    ["image/png", bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13])],
    ["image/gif", bytes("GIF89a", [1, 0, 1, 0])],
    ["image/webp", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ")],
    ["application/pdf", bytes("%PDF-1.7\n")],
    ["video/mp4", bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0])],
    ["video/quicktime", bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0])],
    ["video/quicktime", bytes([0, 0, 0, 8], "wide")],
    ["video/webm", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f])],
    ["image/svg+xml", bytes('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["image/svg+xml", bytes("<svg width='1'/>")],
    ["text/plain", bytes("Brand words: bold, warm, honest\n")],
    ["text/plain", Buffer.from("Café ☕ — naïve", "utf8")],
  ])("%s", (type, head) => {
    expect(sniffContentType(head)).toBe(type);
  });

  it("knows nothing it cannot prove: executables, zip files, random bytes, empty files", () => {
    expect(sniffContentType(bytes("MZ", [0x90, 0, 3, 0]))).toBeUndefined();
    expect(sniffContentType(bytes("PK", [3, 4, 20, 0]))).toBeUndefined();
    expect(sniffContentType(Buffer.from([0xc3, 0x28, 0xa0, 0xa1]))).toBeUndefined();
    expect(sniffContentType(Buffer.alloc(0))).toBeUndefined();
  });

  it("an HTML page is text, never SVG, whatever its name", () => {
    expect(sniffContentType(bytes("<html><script>alert(1)</script></html>"))).toBe("text/plain");
  });
});
