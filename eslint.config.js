import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "playwright-report/**", "test-results/**", "public/games/**", ".cache/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
          message: 'Use `import * as z from "zod"`: a named import pulled every locale into a client chunk.',
        },
      ],
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
    // Code that reaches the browser: form schemas use zod/mini through parseWithSchema (app/utils/form.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "In browser code use zod/mini (see app/utils/form.ts)." }],
          patterns: [
            { group: ["@conform-to/zod", "@conform-to/zod/*"], message: "Use parseWithSchema from ~/utils/form." },
            {
              group: ["~/schemas/*", "!~/schemas/index.server", "!~/schemas/lazy.client"],
              message: "Actions import ~/schemas/index.server; components load schemas with useValidation and ~/schemas/lazy.client.",
            },
          ],
        },
      ],
    },
  },
);
