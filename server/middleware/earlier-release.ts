import type { ShopMiddleware } from "./shop-env";

/*
 * A tab opened before a release runs the earlier release's scripts, and asks for the earlier
 * release's files when the shopper goes to a page whose script it has not loaded yet. This release
 * has none of them (each file's name carries a hash of what is in it). React Router's answer to a
 * script that does not load is to reload the page the tab is on: a tapped link would show the same
 * page again, and the confirmation of an order just placed, which the checkout opens with the order
 * in the tab's history, would be lost (the order is placed, the cart emptied, and the shopper sees
 * no confirmation). Decision 0073.
 *
 * So a script the page asks for (Sec-Fetch-Dest: script) that this release does not have is
 * answered, never kept, with a script that opens, as a page of this release, the page the tab was
 * going to: with what the tab carried there (the order's confirmation) in place of the page it is
 * on, else as a new entry in its history, as the link would have. Within 10 s of doing so it does
 * nothing (the tab stays on its page, and a later tap tries again), so that a file missing from
 * this release itself cannot reload a tab without end. That time is noted in the tab's session
 * storage; where the browser refuses it, the module never reloads and only follows a link (which
 * opens a page of this release). It never fails: React Router would reload the page on a failed script, which is the
 * loop this avoids. server/middleware/earlier-release.test.ts runs it as a tab would.
 */
const GO_WHERE_THE_TAB_WAS_GOING = `// This tab runs an earlier release of the shop; this release opens the page it was going to.
const key = "shop:earlier-release";
let last = 0;
try {
  last = Number(sessionStorage.getItem(key)) || 0;
} catch {}
if (!(Date.now() - last < 10000)) {
  // Where the time of this cannot be noted (storage refused), nothing reloads: a second time could not be told.
  let noted = false;
  try {
    sessionStorage.setItem(key, String(Date.now()));
    noted = true;
  } catch {}
  const going = window.__reactRouterDataRouter?.state.navigation.location;
  if (going && going.state != null && noted) {
    const idx = typeof history.state?.idx === "number" ? history.state.idx : 0;
    history.replaceState({ usr: going.state, key: going.key, idx }, "", going.pathname + going.search + going.hash);
    location.reload();
  } else if (going) location.assign(going.pathname + going.search + going.hash);
  else if (noted) location.reload();
}
await new Promise(() => {});
`;

/** After the build's own files (`buildAssets`): a script of an earlier release, asked for by a page. */
export const scriptOfAnEarlierRelease: ShopMiddleware = async (c, next) => {
  if (!c.req.path.endsWith(".js") || c.req.header("sec-fetch-dest") !== "script") return next();
  return c.body(GO_WHERE_THE_TAB_WAS_GOING, 200, {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "no-store",
  });
};
