// eslint over the browser code in static/ and its unit tests (npm run lint). A flat config
// file, because ESLint 9 and later read no other (.eslintrc is gone).
import js from "@eslint/js";
import globals from "globals";

export default [
  // templates/: Django templates (the service worker has template tags); axe: a vendored copy.
  { ignores: ["node_modules/", ".venv/", "var/", "build/", "templates/", "tests/club/views/axe/"] },
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: { "no-unused-vars": ["error", { args: "after-used" }], eqeqeq: "error" },
  },
  {
    // The older pages' scripts are classic scripts, not modules.
    files: ["static/entry.js", "static/jobs.js", "static/live.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
    rules: { eqeqeq: "error" },
  },
];
