import { defineConfig } from "drizzle-kit";

// SQLite (the embedded default). PostgreSQL: ./drizzle.pg.config.ts.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/sqlite.ts",
  out: "./db/migrations",
});
