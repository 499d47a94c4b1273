/** The two ways to log in (docs/product.md §3): with a password, or by an emailed link ("noPassword"). */
export type LoginMethod = "password" | "noPassword";

export const loginMethodOf = (value: unknown): LoginMethod => (value === "noPassword" ? "noPassword" : "password");
