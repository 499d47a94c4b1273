/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The Express server is compiled together with the app into build/index.js,
  // so `node build/index.js` is the whole production server.
  server: "./app/server.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
