/**
 * Whether this code runs in a built page's browser, which renders with preact (docs/decisions/0071).
 * The server renders with React, and so does the browser under the dev server, whose hot updates
 * keep a component's state through React's Fast Refresh (vite.config.ts: `preact-in-the-browser`
 * applies to the build only).
 */
export const PREACT_IN_THE_BROWSER = typeof document !== "undefined" && !import.meta.env.DEV;
