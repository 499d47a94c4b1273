import { asc, eq } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { campusIdFromHost, type CampusId } from "~/utils/campus";

export type Campus = typeof schema.campuses.$inferSelect;

/** The five campus sites of spec §3 (design A4, A5). */
export const CAMPUSES: (typeof schema.campuses.$inferInsert & { id: CampusId })[] = [
  { id: "campus", name: "Campus", emailDomain: null, hostKey: "campusbuysell", timeZone: "America/Chicago", sortOrder: 0 },
  { id: "ou", name: "OU", emailDomain: "ou.edu", hostKey: "oubuysell", timeZone: "America/Chicago", sortOrder: 1 },
  { id: "ut", name: "UT", emailDomain: "utexas.edu", hostKey: "utbuysell", timeZone: "America/Chicago", sortOrder: 2 },
  { id: "smu", name: "SMU", emailDomain: "smu.edu", hostKey: "smubuysell", timeZone: "America/Chicago", sortOrder: 3 },
  { id: "uf", name: "UF", emailDomain: "ufl.edu", hostKey: "ufbuysell", timeZone: "America/New_York", sortOrder: 4 },
];

// Campuses change only with a deploy: cache them for the life of the process.
let cache: Map<string, Campus> | undefined;

function campusMap(): Map<string, Campus> {
  if (!cache) {
    const rows = getDb().select().from(schema.campuses).orderBy(asc(schema.campuses.sortOrder)).all();
    cache = new Map(rows.map((c) => [c.id, c]));
  }
  return cache;
}

export function listCampuses(): Campus[] {
  return [...campusMap().values()];
}

export function getCampus(id: string): Campus | undefined {
  return campusMap().get(id) ?? getDb().select().from(schema.campuses).where(eq(schema.campuses.id, id)).get();
}

/** The campus site a request is for, chosen by its hostname. */
export function campusForRequest(request: Request): Campus {
  const id = campusIdFromHost(new URL(request.url).host);
  const campus = getCampus(id);
  if (!campus) throw new Error(`Campus ${id} is missing: was the database seeded?`);
  return campus;
}

/** School domains that make an email school-verified on this campus (design A5). */
export function schoolDomains(campus: Campus): string[] {
  if (campus.emailDomain) return [campus.emailDomain];
  return CAMPUSES.flatMap((c) => (c.emailDomain ? [c.emailDomain] : []));
}

export function resetCampusCache() {
  cache = undefined;
}
