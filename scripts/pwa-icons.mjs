// Makes the installable app's icons (docs/product.md §26) from the campus logos:
// for each campus public/pwa/{id}-192.png and {id}-512.png (the round logo on
// transparency) and {id}-maskable-512.png (the logo inside the maskable safe zone,
// on the campus colour to the edges, so a launcher may cut any shape from it).
// Run after changing a logo: `node scripts/pwa-icons.mjs`; the PNGs are committed.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
// The campus colours of app/styles/app.css (--accent per [data-campus]).
const CAMPUSES = { campus: "#4338ca", ou: "#841617", ut: "#a84d00", smu: "#0033a0", uf: "#0021a5" };

const png = (image) => image.png({ palette: true, colors: 64, compressionLevel: 9, effort: 10 });

for (const [id, colour] of Object.entries(CAMPUSES)) {
  const svg = fs.readFileSync(path.join(root, "public/logos", `${id}.svg`));
  const out = (name) => path.join(root, "public/pwa", name);
  for (const size of [192, 512]) {
    await png(sharp(svg, { density: (72 * size) / 96 }).resize(size, size)).toFile(out(`${id}-${size}.png`));
  }
  // The safe zone is the centre circle of 80 % of the width: the logo fills it.
  const inner = await sharp(svg, { density: (72 * 410) / 96 }).resize(410, 410).png().toBuffer();
  await png(sharp({ create: { width: 512, height: 512, channels: 4, background: colour } }).composite([{ input: inner, gravity: "centre" }])).toFile(out(`${id}-maskable-512.png`));
}
console.log(fs.readdirSync(path.join(root, "public/pwa")).map((f) => `${f} ${fs.statSync(path.join(root, "public/pwa", f)).size}`).join("\n"));
