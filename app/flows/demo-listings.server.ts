// The demo marketplace of each campus: listings with prices, conditions,
// pickup spots, a few pending and sold, and small product-like photos drawn
// here with sharp (simple shapes on a tinted background, a few KB of WebP
// each once stored): nothing is downloaded.
import sharp from "sharp";
import type { Condition, ListingStatus, PriceTerms } from "~/utils/listings";

export type DemoListing = {
  text: string[];
  category: string | null;
  priceCents: number | null;
  isFree?: boolean;
  priceTerms?: PriceTerms;
  condition?: Condition;
  status?: ListingStatus;
  /** Which pickup spot of the campus's list (its index; the last is "Other / message me"). */
  spot?: number;
  drawing?: keyof typeof DRAWINGS;
};

export const DEMO_LISTINGS: DemoListing[] = [
  { text: ["Mini fridge, 3.1 cu ft. Fits under a dorm desk, works great."], category: "household", priceCents: 6000, priceTerms: "obo", condition: "like-new", spot: 0, drawing: "fridge" },
  { text: ["Calculus textbook (Stewart, 8th edition).", "Barely highlighted, no torn pages."], category: "books movies & music", priceCents: 4000, condition: "good", spot: 1, status: "sold", drawing: "books" },
  { text: ["Desk lamp with a USB port in the base."], category: "household", priceCents: 800, condition: "good", spot: 0, drawing: "lamp" },
  { text: ["Road bike, 54 cm frame. New tires last fall."], category: "sports & outdoors", priceCents: 18000, priceTerms: "obo", condition: "good", spot: 2, status: "pending", drawing: "bike" },
  { text: ["Noise-cancelling over-ear headphones, case included."], category: "audio & speakers", priceCents: 7500, priceTerms: "firm", condition: "like-new", spot: 1, drawing: "headphones" },
  { text: ["24-inch monitor, 1080p. HDMI cable included."], category: "computers & accessories", priceCents: 9000, condition: "good", spot: 0, drawing: "monitor" },
  { text: ["Office chair, one squeaky wheel. Must pick up this week."], category: "furniture", priceCents: 0, isFree: true, condition: "fair", spot: 99, drawing: "chair" },
  { text: ["Study desk, 47 inches wide, comes apart for moving."], category: "furniture", priceCents: 4550, condition: "good", spot: 99, drawing: "desk" },
  { text: ["Two tickets for Saturday's game, section 12."], category: "tickets", priceCents: 12000, priceTerms: "obo", drawing: "tickets" },
  { text: ["Anyone have a graphing calculator I could borrow for Friday's exam?"], category: "school supplies", priceCents: null },
];

const W = 480;
const H = 360;
const ink = "#374151";

/** Shapes on a 480×360 canvas: enough to tell a fridge from a bike. */
const DRAWINGS = {
  fridge: `<rect x="170" y="40" width="140" height="280" rx="14" fill="#f9fafb" stroke="${ink}" stroke-width="6"/><line x1="170" y1="130" x2="310" y2="130" stroke="${ink}" stroke-width="6"/><rect x="285" y="70" width="10" height="40" rx="4" fill="${ink}"/><rect x="285" y="150" width="10" height="60" rx="4" fill="${ink}"/>`,
  books: `<rect x="120" y="250" width="240" height="40" rx="4" fill="#b91c1c"/><rect x="140" y="205" width="210" height="45" rx="4" fill="#1d4ed8"/><rect x="130" y="165" width="200" height="40" rx="4" fill="#15803d"/><rect x="150" y="130" width="180" height="35" rx="4" fill="#a16207"/>`,
  lamp: `<polygon points="180,70 300,70 340,170 140,170" fill="#fde68a" stroke="${ink}" stroke-width="6"/><rect x="232" y="170" width="16" height="120" fill="${ink}"/><ellipse cx="240" cy="300" rx="80" ry="16" fill="${ink}"/>`,
  bike: `<circle cx="140" cy="230" r="70" fill="none" stroke="${ink}" stroke-width="10"/><circle cx="340" cy="230" r="70" fill="none" stroke="${ink}" stroke-width="10"/><polyline points="140,230 210,140 300,140 340,230 240,230 210,140" fill="none" stroke="#b91c1c" stroke-width="10" stroke-linejoin="round"/><line x1="300" y1="140" x2="290" y2="110" stroke="${ink}" stroke-width="10"/>`,
  headphones: `<path d="M130 230 V190 A110 110 0 0 1 350 190 V230" fill="none" stroke="${ink}" stroke-width="16"/><rect x="105" y="200" width="60" height="100" rx="24" fill="#4338ca"/><rect x="315" y="200" width="60" height="100" rx="24" fill="#4338ca"/>`,
  monitor: `<rect x="90" y="60" width="300" height="190" rx="10" fill="#111827"/><rect x="104" y="74" width="272" height="162" fill="#60a5fa"/><rect x="225" y="250" width="30" height="50" fill="${ink}"/><rect x="170" y="296" width="140" height="14" rx="6" fill="${ink}"/>`,
  chair: `<rect x="170" y="60" width="140" height="130" rx="20" fill="#1f2937"/><rect x="150" y="190" width="180" height="35" rx="12" fill="#374151"/><rect x="232" y="225" width="16" height="60" fill="${ink}"/><line x1="170" y1="300" x2="310" y2="300" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>`,
  desk: `<rect x="80" y="150" width="320" height="24" rx="4" fill="#92400e"/><rect x="95" y="174" width="18" height="140" fill="#78350f"/><rect x="367" y="174" width="18" height="140" fill="#78350f"/><rect x="280" y="174" width="87" height="70" fill="#b45309"/><rect x="190" y="95" width="60" height="55" rx="6" fill="#9ca3af"/>`,
  tickets: `<g transform="rotate(-8 240 180)"><rect x="110" y="110" width="260" height="120" rx="12" fill="#fef3c7" stroke="${ink}" stroke-width="5"/><line x1="300" y1="110" x2="300" y2="230" stroke="${ink}" stroke-width="4" stroke-dasharray="10 8"/><rect x="135" y="140" width="130" height="16" rx="6" fill="${ink}"/><rect x="135" y="175" width="90" height="12" rx="6" fill="#9ca3af"/></g>`,
};

const TINTS = ["#fee2e2", "#dbeafe", "#dcfce7", "#fef9c3", "#ede9fe", "#ffedd5"];

/** A PNG of one drawing on a tinted background (the seed stores it like an upload). */
export async function drawListingPhoto(drawing: keyof typeof DRAWINGS, tint: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${TINTS[tint % TINTS.length]}"/>${DRAWINGS[drawing]}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
