// The service worker (docs/product.md §26), served as /sw.js with VERSION and SHELL
// set in front of it (app/services/service-worker.server.ts). Registered only with
// JavaScript; the site works the same without it.
//
// - The shell (styles, entry scripts, icons, the offline page) is precached.
// - Build files are immutable: from the cache, else the network.
// - Pages (and their data) are network-first: each answer is kept, and the last
//   copy is served when the network fails; a page never opened shows "You're offline".
// - Never kept: anything but GET, /dev/*, videos and other ranges of /media/*,
//   answers that are not 200 or say no-store.
// - Every page, and every private photo, names the session it was made for (X-Account): when it changes
//   (sign-out, another account) every kept page is dropped first.
/* global VERSION, SHELL */
"use strict";

const SHELL_CACHE = `shell-${VERSION}`;
const PAGES_CACHE = `pages-${VERSION}`;
const ACCOUNT_KEY = "/__account";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // The offline page as a visitor sees it: it must not carry anyone's name.
      const offline = await fetch("/offline", { credentials: "omit" });
      if (offline.ok) await cache.put("/offline", offline);
      // One file that fails (a deploy in between) must not stop the worker from installing.
      await Promise.all(SHELL.filter((url) => url !== "/offline").map((url) => cache.add(url).catch(() => undefined)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // A new deploy: the previous caches go.
      for (const name of await caches.keys()) {
        if (name !== SHELL_CACHE && name !== PAGES_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The session the kept pages were made for. */
let account = null;

async function currentAccount(cache) {
  if (account !== null) return account;
  const stored = await cache.match(ACCOUNT_KEY);
  account = stored ? await stored.text() : "";
  return account;
}

/** Drops every kept page when this answer was made for another session than the kept ones. */
async function checkAccount(response) {
  const marker = response.headers.get("X-Account");
  if (!marker) return;
  const cache = await caches.open(PAGES_CACHE);
  if ((await currentAccount(cache)) === marker) return;
  await caches.delete(PAGES_CACHE);
  account = marker;
  await (await caches.open(PAGES_CACHE)).put(ACCOUNT_KEY, new Response(marker));
}

function keepable(response) {
  return response.status === 200 && response.type === "basic" && !/no-store/.test(response.headers.get("Cache-Control") || "");
}

async function networkFirst(event, fallback) {
  const request = event.request;
  try {
    const response = await fetch(request);
    await checkAccount(response);
    if (keepable(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(PAGES_CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: PAGES_CACHE });
    if (kept) return kept;
    if (fallback) {
      const offline = await caches.match("/offline", { cacheName: SHELL_CACHE });
      if (offline) return offline;
    }
    throw error;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response)) {
    const copy = response.clone();
    await (await caches.open(SHELL_CACHE)).put(request, copy);
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/dev/") || url.pathname === "/sw.js") return;
  if (url.pathname.startsWith("/media/")) {
    // Photos of pages read before; never videos (ranges, large files).
    if (request.destination === "image" && !request.headers.has("Range")) event.respondWith(networkFirst(event, false));
    return;
  }
  if (url.pathname.startsWith("/build/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(event, true));
    return;
  }
  // A page's data for a navigation inside the app (Remix's single fetch).
  if (url.pathname.endsWith(".data")) event.respondWith(networkFirst(event, false));
});

/** This site's campus, as the server picks it from the hostname (app/utils/campus.ts), for the icon. */
function campusIcon() {
  const host = self.location.hostname;
  const id = ["campus", "ou", "ut", "smu", "uf"].find((c) => host.includes(`${c}buysell`)) || "ou";
  return `/pwa/${id}-192.png`;
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof message.url === "string" && new URL(message.url, self.location.origin).origin === self.location.origin ? message.url : "/notifications";
  event.waitUntil(
    self.registration.showNotification(message.title || "Campus BuySell", {
      body: message.body || "",
      icon: campusIcon(),
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/notifications";
  event.waitUntil(
    (async () => {
      for (const client of await self.clients.matchAll({ type: "window" })) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
