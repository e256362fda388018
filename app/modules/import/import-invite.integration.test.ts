import path from "node:path";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { useTestDatabase } from "../../../tests/support/test-db";
import { IMPORT_USAGE, INVITE_NEEDS_PUBLIC_URL, importCommand } from "./import-command.server";
import { notGiven } from "../../../tests/support/test-context";
import type { FileStorage } from "~/modules/media/storage.server";

const FIXTURE = path.resolve(import.meta.dirname, "../../../tests/fixtures/original-export.json");
const testDb = useTestDatabase();
const open = async () => ({ database: { ...testDb(), close: async () => {} }, storage: notGiven<FileStorage>("storage") });

describe("npm run import -- --invite", () => {
  it("is refused without PUBLIC_URL, before anything is read or written", async () => {
    const result = await importCommand([FIXTURE, "--invite"], () => Promise.reject(new Error("the command opened the shop")));
    expect(result).toMatchObject({ exitCode: 1, output: INVITE_NEEDS_PUBLIC_URL });
    expect(IMPORT_USAGE).toContain("[--invite]");
  });

  it("a dry run invites nobody", async () => {
    const result = await importCommand([FIXTURE, "--dry-run", "--invite"], open, () => {}, { publicUrl: "https://shop.example.pk" });
    expect(result.exitCode).toBe(0);
    expect(await testDb().db.select().from(mailOutbox)).toEqual([]);
  });

  it("queues one set-your-password link for each account the import created, and none on a second run", async () => {
    const first = await importCommand([FIXTURE, "--invite"], open, () => {}, { publicUrl: "https://shop.example.pk" });
    expect(first.exitCode).toBe(0);
    const created = [...(first.summary?.importedUserEmails ?? [])].sort();
    expect(created.length).toBeGreaterThan(0);
    expect(first.output).toContain(`${created.length} invitations queued`);
    const mails = await testDb().db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));
    expect(mails.map((m) => m.to)).toEqual(created);
    for (const mail of mails) {
      expect(mail.subject).toBe("Set your password for Chamra Leather");
      expect(mail.text).toMatch(/https:\/\/shop\.example\.pk\/reset-password\?token=[\w-]{20,}/);
    }

    const second = await importCommand([FIXTURE, "--invite"], open, () => {}, { publicUrl: "https://shop.example.pk" });
    expect(second.output).toContain("0 invitations queued");
    expect(await testDb().db.select().from(mailOutbox)).toHaveLength(mails.length);
  });
});
