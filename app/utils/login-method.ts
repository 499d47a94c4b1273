/** The two ways to log in (spec §4): with a password, or by an emailed link ("noPassword"). */
export type LoginMethod = "password" | "noPassword";

export const loginMethodOf = (value: unknown): LoginMethod => (value === "noPassword" ? "noPassword" : "password");
