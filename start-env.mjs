// Preloaded by `npm start` and `npm run serve` (`node --import ./start-env.mjs build/index.js`),
// before React is loaded: React always runs its production build, and the app's own mode
// (APP_ENV) stays development on a fresh clone unless the operator chose it, with APP_ENV or
// with NODE_ENV=production (which then keeps the production rules).
const chosen = process.env.NODE_ENV === "production" || process.env.NODE_ENV === "test" ? process.env.NODE_ENV : "development";
process.env.APP_ENV ||= chosen;
process.env.NODE_ENV = "production";
