import { sql } from "drizzle-orm";
import { getDb } from "~/services/db.server";

// Liveness and database check for load balancers and uptime monitors.
export function loader() {
  getDb().get(sql`select 1`);
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
