// Which database a DATABASE_URL names: `postgres://` or `postgresql://` is
// PostgreSQL; anything else (unset, a path, a `file:` URL) is the SQLite file.
export type Dialect = "sqlite" | "pg";

export function dialectOf(url: string | undefined): Dialect {
  return /^postgres(?:ql)?:\/\//i.test(url ?? "") ? "pg" : "sqlite";
}
