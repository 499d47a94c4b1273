// What the search page's form and its loader agree on: the tabs and the longest query.
export const TABS = [
  { id: "posts", label: "Posts" },
  { id: "people", label: "People" },
] as const;
export type Tab = (typeof TABS)[number]["id"];

export const MAX_QUERY = 200;
