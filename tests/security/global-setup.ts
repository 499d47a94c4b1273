// Starts one production server for the security suite and hands its address to the tests.
import type { TestProject } from "vitest/node";
import { startAppServer, type AppServer } from "../e2e/app-server";

let server: AppServer | undefined;

export async function setup(project: TestProject) {
  server = await startAppServer({});
  project.provide("serverUrl", server.url);
  project.provide("serverDir", server.dir);
  project.provide("serverDatabaseUrl", server.databaseUrl);
}

export async function teardown() {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    serverUrl: string;
    serverDir: string;
    /** The server's database, for data no form makes yet (a recorded sale). */
    serverDatabaseUrl: string;
  }
}
