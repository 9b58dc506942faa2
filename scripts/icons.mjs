// `node scripts/icons.mjs`: the raster icons of ui/public drawn from ui/public/favicon.svg, the one
// source of the app's icon. Run it after changing the SVG and commit what it writes:
// - icon-192.png and icon-512.png, the web manifest's icons (Android's home screen, install prompts);
// - favicon.ico, 16, 32 and 48 px in one ICO, for the clients that ask for /favicon.ico whatever the page links.
// Debian's Chromium draws them (through Playwright, as the journeys drive it), so they look as the browser shows the SVG.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const PUBLIC = path.resolve(import.meta.dirname, "../ui/public");
const svg = readFileSync(path.join(PUBLIC, "favicon.svg"));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage({ deviceScaleFactor: 1 });

/** The SVG drawn at size × size on a transparent page, as PNG bytes. */
async function png(size) {
  await page.setViewportSize({ width: size, height: size });
  const src = `data:image/svg+xml;base64,${svg.toString("base64")}`;
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`,
  );
  await page.locator("img").evaluate((img) => img.decode());
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/**
 * An ICO file whose images are PNGs (allowed since Windows Vista, read by every browser): a 6-byte
 * ICONDIR, one 16-byte ICONDIRENTRY per image (a width or height of 256 is written 0), then the images.
 */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

try {
  for (const size of [192, 512]) writeFileSync(path.join(PUBLIC, `icon-${size}.png`), await png(size));
  const images = [];
  for (const size of [16, 32, 48]) images.push({ size, data: await png(size) });
  writeFileSync(path.join(PUBLIC, "favicon.ico"), ico(images));
} finally {
  await browser.close();
}
console.log(`icons written to ${PUBLIC}: icon-192.png, icon-512.png, favicon.ico`);
