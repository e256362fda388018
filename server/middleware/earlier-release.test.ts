import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ShopEnv } from "./shop-env";
import { scriptOfAnEarlierRelease } from "./earlier-release";

const app = new Hono<ShopEnv>();
app.use(scriptOfAnEarlierRelease);

/** The script this release answers a tab of an earlier one with, as that tab's page asks for it. */
async function moduleText(): Promise<string> {
  const res = await app.request("/assets/about-Bx3k9.js", { headers: { "Sec-Fetch-Dest": "script" } });
  expect(res.status).toBe(200);
  return res.text();
}

/** Where the tab's router was going when it asked for the script (null: the page had not hydrated). */
interface Going {
  pathname: string;
  search?: string;
  hash?: string;
  state?: unknown;
  key?: string;
}

/**
 * A tab as the module sees it: its session storage (or none, when the browser refuses it), its
 * history and location, and what it did. The module's last line never finishes, as in a browser;
 * what it does happens before that.
 */
function tab({ storage = new Map<string, string>(), refused = false } = {}) {
  const did: string[] = [];
  const sessionStorage = {
    getItem: (k: string) => {
      if (refused) throw new DOMException("The operation is insecure.", "SecurityError");
      return storage.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      if (refused) throw new DOMException("The operation is insecure.", "SecurityError");
      storage.set(k, v);
    },
  };
  const history = {
    state: { idx: 3, key: "abc", usr: null } as unknown,
    replaceState(state: unknown, _title: string, url: string) {
      this.state = state;
      did.push(`replace ${url}`);
    },
  };
  const location = {
    assign: (url: string) => did.push(`assign ${url}`),
    reload: () => did.push("reload"),
  };
  return { did, storage, sessionStorage, history, location };
}

async function run(text: string, t: ReturnType<typeof tab>, going: Going | null, now: number) {
  const window = { __reactRouterDataRouter: going ? { state: { navigation: { location: { search: "", hash: "", ...going } } } } : undefined };
  const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const body = new AsyncFunction("window", "sessionStorage", "history", "location", "Date", `"use strict";\n${text}`);
  let failed: unknown = null;
  void body(window, t.sessionStorage, t.history, t.location, { now: () => now }).catch((error: unknown) => (failed = error));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(failed).toBeNull();
}

describe("a tab of an earlier release asks for a script this release does not have", () => {
  it("follows the link the shopper tapped, as a page of this release", async () => {
    const text = await moduleText();
    const t = tab();
    await run(text, t, { pathname: "/about", search: "?from=menu" }, 1_000_000);
    expect(t.did).toEqual(["assign /about?from=menu"]);
  });

  it("opens the order's confirmation with the order the tab carried there, in place of the checkout", async () => {
    const text = await moduleText();
    const t = tab();
    const order = { orderId: "ORD-1732790000000", orderTotal: 3360 };
    await run(text, t, { pathname: "/confirmorder", state: order, key: "k7" }, 1_000_000);
    expect(t.did).toEqual(["replace /confirmorder", "reload"]);
    expect(t.history.state).toEqual({ usr: order, key: "k7", idx: 3 });
  });

  it("reloads a page that had not started (its own script missing) once, then, within 10 s, leaves it as it is", async () => {
    const text = await moduleText();
    const t = tab();
    await run(text, t, null, 1_000_000);
    expect(t.did).toEqual(["reload"]);
    // The reloaded page asks again for the script this release lacks: no second reload, no loop.
    await run(text, t, null, 1_000_000 + 9_999);
    await run(text, t, { pathname: "/about" }, 1_000_000 + 9_999);
    expect(t.did).toEqual(["reload"]);
    // Later, a tap tries again.
    await run(text, t, { pathname: "/about" }, 1_000_000 + 10_000);
    expect(t.did).toEqual(["reload", "assign /about"]);
  });

  it("never reloads where the browser refuses session storage (it could not tell a second time), but follows a link", async () => {
    const text = await moduleText();
    const t = tab({ refused: true });
    await run(text, t, null, 1_000_000);
    await run(text, t, null, 1_000_000 + 60_000);
    await run(text, t, { pathname: "/confirmorder", state: { orderId: "ORD-1" } }, 1_000_000 + 120_000);
    expect(t.did).toEqual(["assign /confirmorder"]);
  });
});
