import type { RouteHandle } from "~/utils/route-handle";

// The page the service worker shows for a page never opened while the network is
// down (docs/product.md §26). It runs no script: the worker serves it at the
// address that failed, and Retry (an empty link: that same address) asks again.
export const handle: RouteHandle = { title: "You're offline", scripts: false };

export default function Offline() {
  return (
    <section className="panel empty-state" aria-labelledby="offline-title">
      <h2 id="offline-title">You&apos;re offline</h2>
      <p>This page isn&apos;t saved on this device. Pages you opened before still open without a connection.</p>
      <p>
        {/* An empty href is the address this page is shown at. */}
        <a href="" className="button button--primary">
          Retry
        </a>
      </p>
    </section>
  );
}
