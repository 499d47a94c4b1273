// PostgreSQL half (TEST_DATABASE_URL set): one migrated template database per
// run; every test file copies it (tests/unit/setup.ts), and all of them are
// dropped at the end. The SQLite half needs nothing here.
import type { TestProject } from "vitest/node";
import { createDatabase, databaseUrl, dropDatabases, migrateDatabase, testServerUrl, uniqueName } from "../pg/databases.mjs";

export async function setup(project: TestProject) {
  if (!testServerUrl()) return;
  const template = uniqueName("campus_unit");
  await createDatabase(template);
  await migrateDatabase(databaseUrl(template));
  project.provide("pgTemplate", template);
  // The copies are named after the template, so one prefix drops them all.
  return () => dropDatabases(template);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each test file copies (PostgreSQL half only). */
    pgTemplate: string;
  }
}
