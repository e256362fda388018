// Lint: TypeScript, React hooks, accessibility, and the one-way layering of the app:
// routes → components → modules → lib (docs/decisions/0033-lint-and-format.md).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const TESTS = ["**/*.test.{ts,tsx}", "tests/**", "scripts/**/*.test.ts"];

/**
 * A layer may import only the layers below it. The configuration (app/config.server.ts) sits with the
 * wiring on top: server/, scripts and routes read it and pass values down.
 */
const mayNotImport = (...layers) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        ...layers.map((layer) => ({
          group: [`~/${layer}/**`, `**/${layer}/**`],
          message: `Imports flow one way (routes → components → modules → lib): this file may not import from ${layer}/.`,
        })),
        {
          group: ["~/config.server", "**/config.server"],
          message: "Configuration is read at the top (server/, scripts, routes) and passed down as values.",
        },
      ],
    },
  ],
});

/** What React Router answers with when a loader or action throws it: `redirect()` (a Response), `data()`, its error response. */
const ROUTER_THROWS = [
  { from: "lib", name: "Response" },
  { from: "package", package: "react-router", name: ["DataWithResponseInit", "ErrorResponseImpl"] },
];

export default tseslint.config(
  {
    ignores: ["build/**", ".react-router/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // TypeScript files get the type-aware set: it reads types (values typed `any`, promises, awaits).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ["**/*.{ts,tsx}"] })),
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: { ...globals.node } } },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves only into a step or dialog a person has just opened (the WAI-ARIA dialog pattern).
      "jsx-a11y/no-autofocus": "off",
      // Product videos are silent showcases staff upload; the shop has no caption files to offer.
      "jsx-a11y/media-has-caption": "off",
      // Labels that wrap a control with its name and a note one level further down.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      // `as never` silences every type check of a value; tests build route arguments with tests/support/route-args.ts instead.
      "no-restricted-syntax": [
        "error",
        ...["TSAsExpression > TSNeverKeyword.typeAnnotation", "TSAsExpression > TSArrayType.typeAnnotation > TSNeverKeyword"].map((selector) => ({
          selector,
          message: "No `as never`: give the value its type (tests/support/route-args.ts builds a loader's or action's arguments).",
        })),
      ],
    },
  },
  // A promise nobody waits for and nobody handles can fail unheard, and a failure nobody handles
  // would stop the process (docs/decisions/0049-database-blinks.md): type-aware, so it reads types.
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      // Loaders and actions throw React Router's `redirect()` (a Response) and `data()` on purpose: the router answers with them.
      "@typescript-eslint/only-throw-error": ["error", { allow: ROUTER_THROWS }],
      // The same for a rejection, and passing on a failure caught as `unknown` is a rethrow, as `only-throw-error` allows for `throw`.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allow: ROUTER_THROWS, allowThrowingUnknown: true }],
    },
  },
  // Tests set up databases with `useTestDatabase()` (not a React hook) and build raw, malformed requests.
  {
    files: TESTS,
    rules: {
      "react-hooks/rules-of-hooks": "off",
      // Test doubles stand in for async interfaces as `async () => value`.
      "@typescript-eslint/require-await": "off",
    },
  },
  // The layers. Tests may reach across them to drive what they test; server/ and app/root, entry and
  // routes.ts wire everything together.
  { files: ["app/lib/**/*.{ts,tsx}"], ignores: TESTS, rules: mayNotImport("modules", "components", "routes") },
  { files: ["app/modules/**/*.{ts,tsx}"], ignores: TESTS, rules: mayNotImport("components", "routes") },
  { files: ["app/components/**/*.{ts,tsx}"], ignores: TESTS, rules: mayNotImport("routes") },
);
