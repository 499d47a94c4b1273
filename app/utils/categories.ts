/** The category list (docs/product.md §6, Textbooks §7): the value is the lowercase text, with two exceptions. */
const LABELS = [
  "All categories",
  "Audio & Speakers",
  "Auto parts & Accessories",
  "Books Movies & Music",
  "Clothing & Shoes",
  "Cars & Trucks",
  "Cameras & Photography",
  "Cell phones & Accessories",
  "Collectibles & Art",
  "Computers & Accessories",
  "Drones",
  "Exercise",
  "Jewelry & Accessories",
  "Furniture",
  "Health & Beauty",
  "Housing & Apartments",
  "Home decor",
  "Household",
  "Kitchen & Dining",
  "Musical instruments",
  "Motorcycles",
  "Pet supplies",
  "School supplies",
  "Textbooks",
  "Sports & Outdoors",
  "Tickets",
  "Tires & Rims",
  "Toys Games & Hobbies",
  "Trading cards",
  "TVs & Media players",
  "Video games & Consoles",
  "Virtual reality",
  "Wearables",
  "3D Printers & Supplies",
] as const;

const SPECIAL: Record<string, string> = {
  "All categories": "all",
  "Clothing & Shoes": "clothing, shoes, & accessories",
};

export const CATEGORIES: { label: string; value: string }[] = LABELS.map((label) => ({
  label,
  value: SPECIAL[label] ?? label.toLowerCase(),
}));

/** Values a post may carry ("all" is a filter, not a category). */
export const POST_CATEGORY_VALUES = CATEGORIES.filter((c) => c.value !== "all").map((c) => c.value);

export function categoryLabel(value: string | null | undefined): string | null {
  return CATEGORIES.find((c) => c.value === value)?.label ?? null;
}
