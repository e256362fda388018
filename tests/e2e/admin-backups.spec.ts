import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSidewaysScroll, logIn } from "../support/e2e";

/*
 * The back office's Backups screen (issue 31, goal 4). The back-office test server makes a
 * scheduled backup a few seconds after it starts (BACKUP_EVERY=1d, tests/support/e2e-servers.ts):
 * the main admin sees its time, size and result, and downloads a backup made on the spot.
 */

/** Opens Backups from the side menu (folded on a phone) and waits for the scheduled backup's result. */
async function openBackups(page: Page, phone: boolean) {
  await logIn(page);
  if (phone) await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Backups", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  const last = page.getByRole("region", { name: "Last scheduled backup" });
  // Made once the server has started: looked at again until it is there.
  await expect(async () => {
    await page.reload();
    await expect(last.getByRole("definition").filter({ hasText: "Succeeded" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(last.getByRole("term").filter({ hasText: "Time" })).toBeVisible();
  await expect(last.getByRole("definition").filter({ hasText: /^[\d,]+ bytes \([\d.]+ [kM]B\)$/ })).toBeVisible();
  await expect(last.getByRole("definition").filter({ hasText: "No problems found" })).toBeVisible();
  await expect(last.getByText(/Backups are made every day, after a check of the data, into .*; the newest 14 are kept\./)).toBeVisible();
}

async function downloadBackup(page: Page) {
  const section = page.getByRole("region", { name: "Download a backup" });
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: "Download backup" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shop-\d{8}-\d{6}\.tar\.gz$/);
  const file = await fs.readFile(await download.path());
  // A gzip'd file of some size: the whole shop, media included.
  expect([...file.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  expect(file.length).toBeGreaterThan(100_000);
}

test.describe("on a laptop", () => {
  test("the main admin sees the last scheduled backup and downloads a backup", async ({ page }) => {
    await openBackups(page, false);
    await downloadBackup(page);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test("the main admin sees the last scheduled backup and downloads a backup, and the screen never scrolls sideways", async ({ page }) => {
    await openBackups(page, true);
    await expectNoSidewaysScroll(page, ["/admin/backups"]);
    await downloadBackup(page);
  });
});
