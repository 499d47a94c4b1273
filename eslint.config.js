import reactHooks from "eslint-plugin-react-hooks";
import regexpPlugin from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

const zodNamedImport = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
  message: 'Use `import * as z from "zod"`: a named import pulled every locale into a client chunk.',
};

// Code that reaches the browser: form schemas use zod/mini through parseWithSchema (app/utils/form.ts).
const browserImports = {
  paths: [{ name: "zod", message: "In browser code use zod/mini (see app/utils/form.ts)." }],
  patterns: [
    { group: ["@conform-to/zod", "@conform-to/zod/*"], message: "Use parseWithSchema from ~/utils/form." },
    {
      group: ["~/schemas/*", "!~/schemas/index.server", "!~/schemas/lazy.client"],
      message: "Actions import ~/schemas/index.server; components load schemas with useValidation and ~/schemas/lazy.client.",
    },
  ],
};

/** Layers, bottom up: db/ → app/services (infrastructure) → app/models → app/flows → app/http → app/routes. Nothing imports upward. */
const above = (layers, why) => ({
  group: layers.flatMap((l) => [`~/${l}/*`, `../${l}/*`, `../../${l}/*`]),
  message: why,
});

// The SQLite-only calls every model, flow and route avoids (see the rule below).
const sqliteOnly = [
  {
    selector: "CallExpression[arguments.length=0][callee.property.name=/^(run|all|get)$/][callee.object.type='CallExpression']",
    message: "Await the query builder instead (`await db.select()…`, `.returning()`): .run(), .all() and .get() are SQLite-only.",
  },
  {
    selector: "CallExpression[callee.property.name=/^(run|all|get|values|execute)$/][callee.object.name=/^(db|tx)$/]",
    message: "Raw statements differ between SQLite and PostgreSQL: use the query builder, or a dialect module (app/services/dialect).",
  },
];

// Models and application services know no HTTP: they are called from tests, jobs and other flows.
const requestType = {
  selector: "TSTypeReference[typeName.name='Request']",
  message: "Models and flows take plain values (the user, ids, the parsed form, the site's origin), not a Request: read the request in app/http or the route.",
};

// A screen is a folder: route.tsx (or route.ts) holds the component, handle and
// meta and re-exports the loader and action of ./route.server.ts, its one server module.
const inlineServerCode = {
  selector:
    "ExportNamedDeclaration > FunctionDeclaration[id.name=/^(loader|action)$/], ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^(loader|action)$/]",
  message: "A route module re-exports its loader and action from ./route.server: `export { loader, action } from \"./route.server\";`.",
};

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "playwright-report/**", "test-results/**", "public/games/**", ".cache/**"] },
  ...tseslint.configs.recommended,
  // Regular expressions run on user input: none may backtrack super-linearly (one request must not stall the server).
  regexpPlugin.configs["flat/recommended"],
  {
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { report: "potential", ignorePartial: false }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", zodNamedImport],
    },
  },
  {
    // A forgotten `await` must not ship: every promise in the server, the seed and
    // the tests is awaited, returned, or explicitly `void`ed with a reason.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "tests/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // JSX event handlers may be async (React ignores what they return).
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // One model layer for both databases: await drizzle's builders; the sync
    // driver's terminals and raw statements exist on SQLite only.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    ignores: ["app/services/dialect/**"],
    rules: {
      "no-restricted-syntax": ["error", zodNamedImport, ...sqliteOnly],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/server.ts"],
    rules: { "no-restricted-imports": ["error", browserImports] },
  },
  {
    // A route folder's module: no server code of its own, and no .server module but its own route.server.
    files: ["app/routes/*/route.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", zodNamedImport, ...sqliteOnly, inlineServerCode],
      "no-restricted-imports": [
        "error",
        {
          paths: browserImports.paths,
          patterns: [
            ...browserImports.patterns,
            { group: ["*.server", "**/*.server", "!./route.server"], message: "A route module imports no .server module but ./route.server (loader, action, their types)." },
          ],
        },
      ],
    },
  },
  {
    // Components never import a .server module, not even a type: view types live in ~/types/views.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: browserImports.paths,
          patterns: [
            ...browserImports.patterns,
            { group: ["*.server", "**/*.server", "~/models/*", "~/flows/*", "~/services/*"], message: "Components import no .server module, not even a type: view types live in ~/types/views." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/services/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [above(["models", "flows", "http", "routes"], "Infrastructure (app/services) sits below the models: pass what it needs in (see app/server.ts).")] }],
    },
  },
  {
    files: ["app/models/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            above(["flows", "http", "routes"], "Models sit below the application services (app/flows) and the routes."),
            above(["schemas"], "Models take parsed values: a form's schema is checked by the flow or route that reads the form."),
          ],
        },
      ],
      "no-restricted-syntax": ["error", zodNamedImport, ...sqliteOnly, requestType],
    },
  },
  {
    // The bottom layer: schemas and migrations. The seed and demo data live in app/flows.
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/*", "**/app", "**/app/*"], message: "db/ holds schemas and migrations and imports nothing from app/ (the seed lives in app/flows/seed.server.ts)." }] },
      ],
    },
  },
  {
    // Everything under app/utils may reach the browser; server-only code belongs to services or models.
    files: ["app/utils/**/*.server.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", { selector: "Program", message: "No .server module under app/utils: put server-only code in app/services or app/models." }],
    },
  },
  {
    files: ["app/flows/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [above(["http", "routes"], "Application services take plain values and know no HTTP: app/http and the routes sit above them.")] }],
      "no-restricted-syntax": ["error", zodNamedImport, ...sqliteOnly, requestType],
    },
  },
  {
    // Request-bound helpers several routes share (the permission gate, reading forms, refusals as responses).
    files: ["app/http/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [above(["routes"], "app/http sits below the routes.")] }] },
  },
);
