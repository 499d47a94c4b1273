// Runs one command as the PostgreSQL half of the tests:
//
//   node tests/pg/run.mjs "<what>" <command> [args…]
//
// The command gets TEST_DATABASE_URL, a PostgreSQL server where it may create
// and drop databases. That server is TEST_POSTGRES_URL when set (.ci/run
// exports the cluster it started); otherwise, when PostgreSQL is installed, a
// throwaway cluster (tests/pg/cluster.sh) started for this command and removed
// after it. Without PostgreSQL the half is skipped with a message saying why,
// except under CI=true, where that is a failure.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLUSTER = path.join(HERE, "cluster.sh");
const [what = "tests", command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node tests/pg/run.mjs "<what>" <command> [args…]');
  process.exit(2);
}
const ci = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";

let server = process.env.TEST_POSTGRES_URL || undefined;
let clusterDir;

function stopCluster() {
  if (!clusterDir) return;
  const dir = clusterDir;
  clusterDir = undefined;
  try {
    execFileSync("bash", [CLUSTER, "stop", dir], { stdio: "inherit" });
  } catch {
    console.error(`Could not stop the PostgreSQL cluster in ${dir}`);
  }
}

if (!server) {
  let missing;
  try {
    execFileSync("bash", [CLUSTER, "bindir"], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    missing = String(error.stderr ?? error.message).trim();
  }
  if (missing) {
    const why = `PostgreSQL is not installed here (${missing}), and TEST_POSTGRES_URL is not set`;
    if (ci) {
      console.error(`\nFAILED: the PostgreSQL half of the ${what} cannot run under CI: ${why}.\n`);
      process.exit(1);
    }
    console.log(`\nSKIPPED: the PostgreSQL half of the ${what}: ${why}. The SQLite half ran.\n`);
    process.exit(0);
  }
  clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-pg-"));
  try {
    server = execFileSync("bash", [CLUSTER, "start", clusterDir], { stdio: ["ignore", "pipe", "inherit"] }).toString().trim();
  } catch {
    stopCluster();
    console.error(`\nFAILED: could not start a PostgreSQL cluster for the ${what}.\n`);
    process.exit(1);
  }
}

console.log(`\n${what} on PostgreSQL (${server})\n`);
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: server },
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  stopCluster();
  process.exit(code ?? (signal ? 1 : 0));
});
