import { dbClient } from "~/services/db.server";

// Liveness and database check for load balancers and uptime monitors: a
// database that cannot answer makes this a 500.
export async function loader() {
  await dbClient().check();
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
