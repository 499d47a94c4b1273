import { useEffect } from "react";

/**
 * Registers the service worker (docs/product.md §25) once the page is interactive
 * and the browser is idle: it never competes with the page's own first work, and
 * without JavaScript nothing changes. A new build's worker replaces the old one on
 * the next visit (the browser checks /sw.js at every navigation).
 */
export function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // No worker (private mode, an old browser): the site works the same.
      });
    };
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(register, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(register, 2000);
    return () => clearTimeout(timer);
  }, []);
}
