import reactHooks from "eslint-plugin-react-hooks";
import regexpPlugin from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

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
