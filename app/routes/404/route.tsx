import type { RouteHandle } from "~/utils/route-handle";

export { loader } from "./route.server";

export const handle: RouteHandle = { title: "Error 404", back: false };

export default function AccessBlocked() {
  return (
    <section className="panel empty-state" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Error 404</h2>
      <p>This site is only available to visitors in the United States.</p>
      <p>If you are in the US and see this page, check that your device&apos;s time zone is set correctly and try again.</p>
    </section>
  );
}
