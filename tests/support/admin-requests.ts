import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { AppLoadContext } from "react-router";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { testContext } from "./test-context";
import type { TestDatabase } from "./test-db";

export type Who = "anonymous" | "user" | "admin";

/**
 * Sets up accounts (an admin and a customer) and a throw-away file storage for route tests, and
 * builds requests as each of them, and the context a loader or action gets with them.
 */
export function useAdminRequests(testDb: () => TestDatabase) {
  const cookies: Partial<Record<Who, string>> = {};
  let root = "";
  let storage: LocalDiskStorage | undefined;
  let auth: Auth | undefined;
  beforeAll(async () => {
    const { db } = testDb();
    auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-admin-test-"));
    storage = new LocalDiskStorage(root);
    await upsertAccount(db, { email: "staff@example.pk", password: "staff-pass", role: "admin" });
    await upsertAccount(db, { email: "buyer@example.pk", password: "buyer-pass", role: "user" });
    for (const [who, email, password] of [
      ["admin", "staff@example.pk", "staff-pass"],
      ["user", "buyer@example.pk", "buyer-pass"],
    ] as const) {
      const { headers } = await signIn(db, { email, password }, auth);
      cookies[who] = headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }
  });
  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const request = (who: Who, pathAndQuery: string, init: { method?: string; form?: FormData | Record<string, string> } = {}) => {
    const headers = new Headers();
    if (who !== "anonymous" && cookies[who]) headers.set("cookie", cookies[who]);
    let body: FormData | URLSearchParams | undefined;
    if (init.form instanceof FormData) body = init.form;
    else if (init.form) body = new URLSearchParams(init.form);
    return new Request(`http://localhost:3000${pathAndQuery}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  };

  return {
    request,
    storage: () => storage!,
    /** The context the server would give a loader or action: this file's database, accounts and storage. */
    context: (overrides: Partial<AppLoadContext> = {}) => testContext(testDb(), { auth, storage, ...overrides }),
    /** Absolute path of a stored file. */
    fileExists: (key: string) => fs.existsSync(path.join(root, key)),
    filesIn: (folder: string) => (fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)) : []),
  };
}
