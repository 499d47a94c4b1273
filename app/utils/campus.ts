/** Campus ids, in their order (docs/product.md §1). */
export const CAMPUS_IDS = ["campus", "ou", "ut", "smu", "uf"] as const;
export type CampusId = (typeof CAMPUS_IDS)[number];

/**
 * Picks the campus site from the request's hostname (docs/product.md §1).
 * `campusbuysell` is checked first so "campusbuysell" never falls through to a
 * school whose key it happens to contain.
 */
export function campusIdFromHost(host: string | null | undefined): CampusId {
  const name = (host ?? "").toLowerCase().replace(/:\d+$/, "");
  if (name.includes("campusbuysell")) return "campus";
  if (name.includes("oubuysell")) return "ou";
  if (name.includes("utbuysell")) return "ut";
  if (name.includes("smubuysell")) return "smu";
  if (name.includes("ufbuysell")) return "uf";
  return "ou"; // localhost and anything else
}

/** Each campus's colour (app/styles/app.css --accent; scripts/pwa-icons.mjs paints the maskable icons with it): the installed app's theme. */
export const CAMPUS_COLOURS: Record<CampusId, string> = { campus: "#4338ca", ou: "#841617", ut: "#a84d00", smu: "#0033a0", uf: "#0021a5" };
