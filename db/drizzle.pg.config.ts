import { defineConfig } from "drizzle-kit";

// PostgreSQL: same tables as ./drizzle.config.ts (SQLite), own migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/pg.ts",
  out: "./db/migrations-pg",
});
