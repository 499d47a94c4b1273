// Driver errors arrive wrapped (drizzle's DrizzleQueryError keeps the driver's
// error in `cause`): find the one that carries a code.

export type DriverError = Error & {
  /** SQLite: "SQLITE_CONSTRAINT_UNIQUE", …; PostgreSQL: SQLSTATE such as "23505". */
  code: string;
  /** PostgreSQL: the table and the key of a constraint violation. */
  table?: string;
  detail?: string;
};

export function driverError(error: unknown): DriverError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (typeof (e as { code?: unknown }).code === "string") return e as DriverError;
  }
  return undefined;
}
