// The SQLite and PostgreSQL schemas must describe the same database: the model
// layer is written once against one of them. This fails as soon as they drift.
import { getTableColumns, is, type SQL } from "drizzle-orm";
import { getTableConfig as pgTableConfig, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { schemas } from "../../db/schema";

type Shape = {
  name: string;
  /** Property name in the schema → what the column is. */
  columns: Record<string, { name: string; notNull: boolean; hasDefault: boolean; dataType: string; enumValues?: string[] }>;
  primaryKey: string[];
  uniqueKeys: string[];
  indexes: string[];
  foreignKeys: string[];
};

const pgSql = new PgDialect();
const sqliteSql = new SQLiteSyncDialect();

/** The condition of a partial index as text, without the dialect's quoting. */
function whereText(where: SQL | undefined, dialect: PgDialect | SQLiteSyncDialect): string {
  // A flag is 1 in SQLite and true in PostgreSQL: the same condition.
  return where ? dialect.sqlToQuery(where).sql.replace(/["`]/g, "").replace(/\s+/g, " ").replace(/ = true\b/g, " = 1").trim() : "";
}

function shapeOf(table: PgTable | SQLiteTable): Shape {
  const pg = is(table, PgTable);
  const config = pg ? pgTableConfig(table) : sqliteTableConfig(table as SQLiteTable);
  const dialect = pg ? pgSql : sqliteSql;
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, c]) => [
      key,
      {
        name: c.name,
        notNull: c.notNull,
        hasDefault: c.hasDefault,
        // number, string, boolean, json: epoch-ms bigint (mode number) and integer are both "number".
        dataType: c.dataType,
        ...(c.enumValues ? { enumValues: [...c.enumValues] } : {}),
      },
    ]),
  );
  const keyOf = (cols: { name: string }[]) => cols.map((c) => c.name).join(",");
  const primaryKey = [
    ...config.columns.filter((c) => c.primary).map((c) => c.name),
    ...config.primaryKeys.map((pk) => keyOf(pk.columns)),
  ];
  const uniqueKeys = [
    ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
    ...config.uniqueConstraints.map((u) => keyOf(u.columns)),
  ].sort();
  const indexes = config.indexes
    .map((i) => {
      const c = i.config;
      const on = c.columns.map((col) => ("name" in col ? col.name : "(expression)")).join(",");
      return `${c.unique ? "unique " : ""}${c.name} on (${on})${c.where ? ` where ${whereText(c.where, dialect)}` : ""}`;
    })
    .sort();
  const foreignKeys = config.foreignKeys
    .map((fk) => {
      const ref = fk.reference();
      const target = pg ? pgTableConfig(ref.foreignTable as PgTable) : sqliteTableConfig(ref.foreignTable as SQLiteTable);
      return `(${keyOf(ref.columns)}) → ${target.name}(${keyOf(ref.foreignColumns)}) on delete ${fk.onDelete ?? "no action"}`;
    })
    .sort();
  return { name: config.name, columns, primaryKey, uniqueKeys, indexes, foreignKeys };
}

function tablesOf(schema: Record<string, unknown>) {
  return new Map(
    Object.entries(schema)
      .filter(([, v]) => is(v, PgTable) || is(v, SQLiteTable))
      .map(([key, table]) => [key, shapeOf(table as PgTable | SQLiteTable)]),
  );
}

const sqlite = tablesOf(schemas.sqlite);
const pg = tablesOf(schemas.pg);

describe("the SQLite and PostgreSQL schemas", () => {
  it("export the same tables under the same names", () => {
    expect([...pg.keys()].sort()).toEqual([...sqlite.keys()].sort());
    expect([...pg.values()].map((t) => t.name).sort()).toEqual([...sqlite.values()].map((t) => t.name).sort());
    expect(sqlite.size).toBeGreaterThan(15);
  });

  describe.each([...sqlite.keys()])("%s", (key) => {
    const lite = sqlite.get(key)!;
    const post = pg.get(key);

    it("has the same columns, types, nullability and defaults", () => {
      expect(post?.columns).toEqual(lite.columns);
    });

    it("has the same primary and unique keys", () => {
      expect(post?.primaryKey).toEqual(lite.primaryKey);
      expect(post?.uniqueKeys).toEqual(lite.uniqueKeys);
    });

    it("has the same indexes", () => {
      expect(post?.indexes).toEqual(lite.indexes);
    });

    it("has the same foreign keys and cascades", () => {
      expect(post?.foreignKeys).toEqual(lite.foreignKeys);
    });
  });
});
