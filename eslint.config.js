// ESLint flat config: typescript-eslint with type information, React hooks, accessibility (jsx-a11y)
// and import cycles. `npm run lint` runs it with --max-warnings=0 inside `npm test`.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "*.mjs", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      // Which files import-x reads as modules (its default is JavaScript only), and how it resolves `~/…`.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Keep every resolved path for the whole run (the default forgets them after 30 s and resolves
      // them again, and a lint run takes minutes): files do not change while ESLint runs.
      "import-x/cache": { lifetime: Infinity },
    },
    rules: {
      // Import cycles make module initialisation order-dependent and defeat code splitting.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-duplicates": "error",
      // The house plan (docs/architecture.md): a file imports from its own floor or lower ones.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              // The lowest floors: primitives, form helpers, the HTTP error shape and client, the database.
              target: ["./app/components", "./app/forms", "./app/api", "./app/db"],
              from: "./app/features",
              message: "components, forms, api and db are the lowest floors: they import no feature.",
            },
            {
              target: ["./app/components", "./app/forms", "./app/api", "./app/db"],
              from: ["./app/root.tsx", "./app/routes.ts", "./server"],
              message: "components, forms, api and db are the lowest floors: they import no feature.",
            },
            {
              // The admin wing is the top floor: only the route table and the server mount it.
              target: ["./app/!(features|routes.ts)", "./app/!(features)/**", "./app/features/!(admin)/**"],
              from: "./app/features/admin",
              message: "Only the admin wing (and the route table) may import from app/features/admin.",
            },
          ],
        },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // House style: object shapes are `type` aliases (unions and intersections read the same way),
      // `T[]` for simple element types and `Array<…>`/`ReadonlyArray<…>` for the rest.
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/array-type": ["error", { default: "array-simple", readonly: "generic" }],
      // `_`-prefixed names are deliberately unused (rest-destructuring to drop a key, unused parameters).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Event handlers in JSX may return a promise; React ignores it (the handlers catch their own errors).
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // React Router's idiom: loaders and actions throw `redirect(…)` (a Response) or `data(…)`.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // A blank form value means "not given" as much as a missing one: `value || fallback` is meant.
      "@typescript-eslint/prefer-nullish-coalescing": ["error", { ignorePrimitives: { string: true } }],
      // reject(error) passing a caught value on unchanged is not "rejecting with a non-Error".
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
      // `() => {}` as a deliberate no-op callback reads better than a named noop.
      "@typescript-eslint/no-empty-function": ["error", { allow: ["arrowFunctions"] }],
    },
  },
  {
    // The floors bind the product's code; a test may reach any floor to set up what it checks
    // (a database test seeds the demo content).
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // No module imports a test or a browser spec, so no import cycle can pass through one: a cycle
    // among the modules it imports is reported where those are linted. Checking from each test
    // walked its whole import graph again.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/e2e/**/*.spec.ts"],
    rules: { "import-x/no-cycle": "off" },
  },
  {
    // One writer of a lead's move (docs/architecture.md): its status, pipeline fields and timeline
    // are written by changeLead and addLeadEvent in features/leads. Tests set up rows as they need;
    // seeding, erasure and retention delete or insert leads, which this does not forbid.
    files: ["app/**/*.ts", "app/**/*.tsx", "server/**/*.ts"],
    ignores: ["app/features/leads/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='update'][arguments.0.name='contactSubmissions']",
          message: "A lead changes through changeLead (app/features/leads/change-lead.server.ts), its one writer.",
        },
        {
          selector: "CallExpression[callee.property.name='insert'][arguments.0.name='contactEvents']",
          message:
            "A lead's timeline is written by changeLead or addLeadEvent (app/features/leads/change-lead.server.ts).",
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ["**/*.tsx"],
    // A checkbox label's text may sit in a nested <span> (title and hint inside one label).
    rules: { "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }] },
  },
  {
    files: ["**/*.test.ts", "tests/**/*.ts"],
    rules: {
      // Tests read JSON answers as `any` and assert their shape field by field; declaring a type for
      // every answer would restate the assertions. Production code keeps these rules.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      // Fakes of async APIs are async by signature, whether or not they await.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Plain JavaScript scripts (benchmarks, the entry point) are not type-checked by tsc.
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
