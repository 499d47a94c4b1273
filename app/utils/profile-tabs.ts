// A profile's tabs (/{username}?show=…, docs/product.md §5): absent or unknown is Projects.
export const PROFILE_TABS = [
  { show: "projects", label: "Projects", empty: "No Projects" },
  { show: "games", label: "Games", empty: "No Games" },
  { show: "videos", label: "Videos", empty: "No Posts" },
  { show: "reviews", label: "Reviews", empty: "No reviews yet" },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]["show"];

export function profileTabOf(value: string | null): ProfileTab {
  return PROFILE_TABS.find((t) => t.show === value)?.show ?? "projects";
}
