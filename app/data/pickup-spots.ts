// Where a buyer and a seller can meet, per campus: busy, well-lit public places
// (a student union, a library, a campus police lobby). Shown in the composer's
// "Pickup spot" list and on the post page. "Other / message me" is always last.
import type { CampusId } from "~/utils/campus";

export type PickupSpot = { id: string; label: string };

export const OTHER_PICKUP_SPOT: PickupSpot = { id: "other", label: "Other / message me" };

const SPOTS: Record<CampusId, PickupSpot[]> = {
  campus: [
    { id: "campus-union", label: "Student union, main lobby" },
    { id: "campus-library", label: "Main library, front entrance" },
    { id: "campus-police", label: "Campus police station lobby" },
  ],
  ou: [
    { id: "ou-union", label: "Oklahoma Memorial Union, main lobby" },
    { id: "ou-bizzell", label: "Bizzell Library, front steps" },
    { id: "ou-police", label: "OU Police Department lobby" },
    { id: "ou-couch", label: "Couch Restaurants entrance" },
  ],
  ut: [
    { id: "ut-union", label: "Texas Union, ground floor" },
    { id: "ut-pcl", label: "PCL (Perry-Castañeda Library) entrance" },
    { id: "ut-police", label: "UT Police Department lobby" },
    { id: "ut-gregory", label: "Gregory Gym plaza" },
  ],
  smu: [
    { id: "smu-hughes-trigg", label: "Hughes-Trigg Student Center lobby" },
    { id: "smu-fondren", label: "Fondren Library entrance" },
    { id: "smu-police", label: "SMU Police Department lobby" },
  ],
  uf: [
    { id: "uf-reitz", label: "Reitz Union, main entrance" },
    { id: "uf-library-west", label: "Library West entrance" },
    { id: "uf-marston", label: "Marston Science Library lobby" },
    { id: "uf-police", label: "UF Police Department lobby" },
  ],
};

/** A campus's spots in the order the composer lists them, "Other / message me" last. */
export function pickupSpotsFor(campusId: string): PickupSpot[] {
  return [...(SPOTS[campusId as CampusId] ?? []), OTHER_PICKUP_SPOT];
}

/** Every campus's spots, then "Other / message me". */
const ALL_SPOTS = [...Object.values(SPOTS).flat(), OTHER_PICKUP_SPOT];

/** Every spot id of every campus (the shared schema's list; the action checks the campus). */
export const PICKUP_SPOT_IDS: string[] = ALL_SPOTS.map((s) => s.id);

const LABELS = new Map(ALL_SPOTS.map((s) => [s.id, s.label]));

export function pickupSpotLabel(id: string | null | undefined): string | null {
  return (id && LABELS.get(id)) || null;
}

export function isPickupSpotOf(campusId: string, id: string): boolean {
  return pickupSpotsFor(campusId).some((s) => s.id === id);
}
