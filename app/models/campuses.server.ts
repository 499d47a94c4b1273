import { asc, eq } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { campusOrigin } from "~/services/urls.server";
import { campusIdFromHost, type CampusId } from "~/utils/campus";

export type Campus = typeof schema.campuses.$inferSelect;

/** The five campus sites (docs/product.md §1, §4). */
export const CAMPUSES: (typeof schema.campuses.$inferInsert & { id: CampusId })[] = [
  { id: "campus", name: "Campus", emailDomain: null, hostKey: "campusbuysell", timeZone: "America/Chicago", sortOrder: 0 },
  { id: "ou", name: "OU", emailDomain: "ou.edu", hostKey: "oubuysell", timeZone: "America/Chicago", sortOrder: 1 },
  { id: "ut", name: "UT", emailDomain: "utexas.edu", hostKey: "utbuysell", timeZone: "America/Chicago", sortOrder: 2 },
  { id: "smu", name: "SMU", emailDomain: "smu.edu", hostKey: "smubuysell", timeZone: "America/Chicago", sortOrder: 3 },
  { id: "uf", name: "UF", emailDomain: "ufl.edu", hostKey: "ufbuysell", timeZone: "America/New_York", sortOrder: 4 },
];

// Campuses change only with a deploy: cache them for the life of the process.
let cache: Map<string, Campus> | undefined;

async function campusMap(): Promise<Map<string, Campus>> {
  if (!cache) {
    const rows = await getDb().select().from(schema.campuses).orderBy(asc(schema.campuses.sortOrder));
    cache = new Map(rows.map((c) => [c.id, c]));
  }
  return cache;
}

export async function listCampuses(): Promise<Campus[]> {
  return [...(await campusMap()).values()];
}

export async function getCampus(id: string): Promise<Campus | undefined> {
  const cached = (await campusMap()).get(id);
  if (cached) return cached;
  const [campus] = await getDb().select().from(schema.campuses).where(eq(schema.campuses.id, id)).limit(1);
  return campus;
}

/** The campus site a host name (`ou.campusbuysell.com`, with or without a port) is for. */
export async function campusForHost(host: string): Promise<Campus> {
  const id = campusIdFromHost(host);
  const campus = await getCampus(id);
  if (!campus) throw new Error(`Campus ${id} is missing: was the database seeded?`);
  return campus;
}

/** School domains that make an email school-verified on this campus (docs/product.md §4). */
export function schoolDomains(campus: Campus): string[] {
  if (campus.emailDomain) return [campus.emailDomain];
  return CAMPUSES.flatMap((c) => (c.emailDomain ? [c.emailDomain] : []));
}

export function resetCampusCache() {
  cache = undefined;
}

/** The schools' full names, for finding a campus by them (/search_schools, /select-city). */
export const SCHOOL_NAMES: Record<string, string> = {
  campus: "Any school",
  ou: "University of Oklahoma",
  ut: "The University of Texas at Austin",
  smu: "Southern Methodist University",
  uf: "University of Florida",
};

/** The address of a campus's own site (docs/product.md §1), from the allowlist of origins (services/urls.server). */
export function campusSiteUrl(campus: Pick<Campus, "id" | "hostKey">, requestUrl: string | URL): string {
  return `${campusOrigin(campus, requestUrl)}/`;
}

/** Campuses whose name, school name or email domain contains `query` (all of them for an empty query). */
export async function findCampuses(query: string | null | undefined): Promise<Campus[]> {
  const q = (query ?? "").trim().toLowerCase();
  const all = await listCampuses();
  if (!q) return all;
  return all.filter((c) =>
    [c.name, SCHOOL_NAMES[c.id] ?? "", c.emailDomain ?? "", c.hostKey].some((field) => field.toLowerCase().includes(q)),
  );
}
