// PostgreSQL half: drop this run's databases (the throwaway cluster of
// tests/pg/run.mjs goes anyway; a long-lived TEST_POSTGRES_URL server does not).
import { dropDatabases, testServerUrl } from "../pg/databases.mjs";
import { e2eDatabasePrefix } from "./database";

export default async function globalTeardown() {
  if (testServerUrl()) await dropDatabases(e2eDatabasePrefix());
}
