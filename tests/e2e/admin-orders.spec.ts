import { expect } from "@playwright/test";
import { buyBelt, holdScripts, logIn, test } from "../support/e2e";

/*
 * Each run's customers are its own (the shop takes 5 orders per e-mail and per phone number in 10
 * minutes, and the searches below count rows), so the file can be repeated against one server.
 */
const run = Date.now() % 1_000_000;
const email = (name: string) => `${name}.${run}@example.pk`;
let phones = 0;
/** A mobile number of this run's own: 0300 and seven digits. */
const phone = () => `0300${String((run * 10 + phones++) % 10_000_000).padStart(7, "0")}`;
/** The number as WhatsApp and a phone's dialler take it: +92 and the digits after the leading 0. */
const international = (mobile: string) => `92${mobile.slice(1)}`;

test.describe("orders in the back office", () => {
  test("an order placed in one browser appears in the list open in another, without a reload", async ({ browser, shopper }) => {
    const staffContext = await browser.newContext();
    try {
      const staff = await staffContext.newPage();
      await logIn(staff);
      await staff.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
      await expect(staff.getByRole("heading", { name: "Order Management" })).toBeVisible();
      await expect(staff.getByText("Live", { exact: true })).toBeVisible();
      const totalCard = staff.getByRole("region", { name: "Order totals" }).getByText("Total Orders").locator("..");
      const before = Number((await totalCard.locator("p").nth(1).textContent())!.replace(/,/g, ""));

      const orderNumber = await buyBelt(shopper, { firstName: "Livia", email: email("livia") });

      const row = staff.getByRole("row").filter({ hasText: orderNumber });
      await expect(row).toBeVisible();
      await expect(row).toContainText("Livia Khan");
      await expect(row).toContainText(email("livia"));
      await expect(row).toContainText("Cash on Delivery");
      await expect(row).toContainText("1 item");
      await expect(row).toContainText("PKR 3,360");
      // Stored as 'confirmed', but nobody has called yet: the badge says New (docs/decisions/0054).
      await expect(row.getByRole("cell").nth(3)).toHaveText("New");
      await expect(totalCard).toContainText(String(before + 1));
    } finally {
      await staffContext.close();
    }
  });

  test("staff confirm an order by WhatsApp or phone, record the outcome, and the not-yet-confirmed list follows", async ({ page, shopper }) => {
    const nadiasPhone = phone();
    const orderNumber = await buyBelt(shopper, { firstName: "Nadia", email: email("nadia"), phone: nadiasPhone });

    await logIn(page);
    await page.goto("/admin/orders");
    await page.getByLabel("Filter by confirmation").selectOption("pending");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/confirmation=pending/);
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await expect(row).toBeVisible();

    // The WhatsApp link opens a chat with the customer's number and the order spelt out.
    const whatsapp = row.getByRole("link", { name: `WhatsApp Nadia Khan about order ${orderNumber}` });
    const href = new URL((await whatsapp.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${international(nadiasPhone)}`);
    const text = href.searchParams.get("text")!;
    expect(text).toContain(orderNumber);
    expect(text).toContain("1 × Formal Dress Belt");
    expect(text).toContain("PKR 3,360");
    await expect(row.getByRole("link", { name: `Call Nadia Khan about order ${orderNumber}` })).toHaveAttribute(
      "href",
      `tel:+${international(nadiasPhone)}`,
    );

    await row.getByRole("button", { name: `View order ${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    await dialog.getByLabel("What the customer said").selectOption("no-answer");
    await dialog.getByRole("button", { name: "Record" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Recorded: No answer." })).toBeVisible();
    await dialog.getByLabel("What the customer said").selectOption("confirmed-by-phone");
    await dialog.getByRole("button", { name: "Record" }).click();
    await expect(dialog.getByRole("listitem").filter({ hasText: "Confirmed · by Main Admin · Confirmed by phone" })).toBeVisible();
    await expect(dialog.getByRole("listitem").filter({ hasText: "Confirmed · by Main Admin · No answer" })).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("row").filter({ hasText: orderNumber })).toHaveCount(0);

    // Main admins choose the words; the next message uses them.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("Message").fill("Salam {name}! Order {orderNumber}, {total}.");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    await page.goto(`/admin/orders?q=${orderNumber}`);
    const saved = new URL((await page.getByRole("link", { name: `WhatsApp Nadia Khan about order ${orderNumber}` }).getAttribute("href"))!);
    expect(saved.searchParams.get("text")).toBe(`Salam Nadia Khan! Order ${orderNumber}, PKR 3,360.`);
    await page.goto("/admin/settings");
    await page.getByLabel("Message").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  });

  test("ticked orders: packing slips to print, a CSV of the ticked or of the whole filter, one status for all", async ({ page, shopper }) => {
    const farahsPhone = phone();
    const first = await buyBelt(shopper, { firstName: "Farah", email: email("farah.bulk"), phone: farahsPhone });
    const second = await buyBelt(shopper, { firstName: "Asad", email: email("asad.bulk") });

    await logIn(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(`.bulk.${run}@example.pk`)}`);
    await expect(page.getByRole("row")).toHaveCount(3);
    await page.getByLabel(`Select order ${first}`).check();
    await page.getByLabel(`Select order ${second}`).check();
    const bulk = page.getByRole("region", { name: "Ticked orders" });
    await expect(bulk.getByText("2 orders ticked")).toBeVisible();

    // One printable page per order: address, phone, items and the amount to collect.
    const [slips] = await Promise.all([page.context().waitForEvent("page"), bulk.getByRole("button", { name: "Print packing slips" }).click()]);
    const slip = slips.getByRole("article", { name: `Packing slip ${first}` });
    await expect(slip.getByText("Farah Khan")).toBeVisible();
    await expect(slip.getByText("12 Mall Road")).toBeVisible();
    await expect(slip.getByText(`Phone: ${farahsPhone}`)).toBeVisible();
    await expect(slip.getByRole("cell", { name: /Formal Dress Belt/ })).toBeVisible();
    await expect(slip.getByText("Cash on delivery: collect")).toBeVisible();
    await expect(slip.getByText("PKR 3,360", { exact: true })).toBeVisible();
    await expect(slips.getByRole("article")).toHaveCount(2);
    await slips.close();

    // The CSV of the ticked orders, and of every order the search finds.
    const [ticked] = await Promise.all([page.waitForEvent("download"), bulk.getByRole("button", { name: "Export ticked (CSV)" }).click()]);
    const tickedCsv = (await import("node:fs")).readFileSync(await ticked.path(), "utf8");
    expect(tickedCsv.startsWith('\uFEFF"Order number"')).toBe(true);
    expect(tickedCsv).toContain(`"${first}"`);
    expect(tickedCsv).toContain(`"${second}"`);
    expect(tickedCsv).toMatch(/"1 × Formal Dress Belt \((Black|Brown), \d+\)"/);
    const [all] = await Promise.all([page.waitForEvent("download"), bulk.getByRole("link", { name: "Export all matching (CSV)" }).click()]);
    const allCsv = (await import("node:fs")).readFileSync(await all.path(), "utf8");
    expect(allCsv.trim().split("\r\n")).toHaveLength(3);

    // One status for both, asked first because completing is hard to undo.
    await bulk.getByLabel("Change status to").selectOption("completed");
    await bulk.getByRole("button", { name: "Apply to ticked" }).click();
    await bulk.getByRole("button", { name: "Yes, mark them completed" }).click();
    await expect(bulk.getByRole("status")).toHaveText("2 orders changed to Completed.");
    await expect(page.getByRole("row").filter({ hasText: first }).getByRole("cell").nth(3)).toHaveText("Completed");
    await expect(page.getByRole("row").filter({ hasText: second }).getByRole("cell").nth(3)).toHaveText("Completed");
  });

  test("the table's columns are named as the spec names them, the select-all box aside", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/orders");
    for (const column of ["Order Details", "Customer", "Items & Total", "Status", "Date", "Actions"])
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Select all orders on this page" })).toBeVisible();
  });

  test("a status chosen before the page's scripts have arrived waits for them, then asks as usual", async ({ page, shopper }) => {
    const orderNumber = await buyBelt(shopper, { firstName: "Saima", email: email("saima") });
    await logIn(page);
    const release = await holdScripts(page);
    // The page's scripts would count as part of its load: the list is read as soon as it shows.
    await page.goto(`/admin/orders?q=${orderNumber}`, { waitUntil: "commit" });
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    const status = row.getByLabel(`Status of order ${orderNumber}`);
    await expect(status).toHaveValue("confirmed");
    // Chosen at once, as a busy staff member would: the list waits for the scripts instead of
    // showing a status the page never heard of.
    const choosing = status.selectOption("cancelled");
    await expect(status).toHaveAttribute("aria-disabled", "true");
    release();
    await choosing;
    const ask = row.getByRole("group", { name: "Confirm: Cancelled" });
    await expect(ask).toContainText(`Cancel order ${orderNumber}? Its items go back into stock.`);
    await ask.getByRole("button", { name: "Keep Confirmed" }).click();
    await expect(status).toHaveValue("confirmed");
  });

  test("cancelling asks first, and says what happened once it is done", async ({ page, shopper }) => {
    const orderNumber = await buyBelt(shopper, { firstName: "Kamran", email: email("kamran") });

    await logIn(page);
    await page.goto(`/admin/orders?q=${orderNumber}`);
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    const status = row.getByLabel(`Status of order ${orderNumber}`);
    await status.selectOption("cancelled");
    const ask = row.getByRole("group", { name: "Confirm: Cancelled" });
    await expect(ask).toContainText(`Cancel order ${orderNumber}? Its items go back into stock.`);
    await ask.getByRole("button", { name: "Keep Confirmed" }).click();
    await expect(ask).toHaveCount(0);
    await expect(status).toHaveValue("confirmed");
    await expect(row.getByRole("cell").nth(3)).toHaveText("New");

    await status.selectOption("cancelled");
    await row.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(row.getByRole("cell").nth(3)).toHaveText("Cancelled");
    await expect(row.getByRole("status")).toHaveText(`Order ${orderNumber} is now Cancelled.`);
  });

  test("a shopper follows a shipped order on /track to the courier's own page", async ({ page, shopper }) => {
    const zarasPhone = phone();
    const orderNumber = await buyBelt(shopper, { firstName: "Zara", email: email("zara"), phone: zarasPhone });

    await logIn(page);
    await page.goto("/admin/orders");
    await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await row.getByLabel(`Status of order ${orderNumber}`).selectOption("shipped");
    const ship = row.getByRole("form", { name: `Ship order ${orderNumber}` });
    await ship.getByLabel("Courier").fill("Leopards");
    await ship.getByLabel("Tracking number (CN)").fill("LE7731234");
    await ship.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(row.getByRole("cell").nth(3)).toHaveText("Shipped");
    await expect(row.getByRole("status")).toHaveText(`Order ${orderNumber} is now Shipped.`);

    await shopper.goto("/track");
    await shopper.getByLabel("Order number").fill(orderNumber);
    await shopper.getByLabel("Phone number").fill(zarasPhone);
    await shopper.getByRole("button", { name: "Track Order" }).click();
    const found = shopper.getByRole("region", { name: `Order ${orderNumber}` });
    await expect(found.getByText("Status: Shipped")).toBeVisible();
    await expect(found.getByRole("list", { name: "Order history" }).getByRole("listitem")).toHaveText([/^Confirmed/, /^Shipped/]);
    await expect(found.getByText("Sent with Leopards, CN LE7731234")).toBeVisible();
    await expect(found.getByRole("link", { name: "Follow the parcel on Leopards’s site" })).toHaveAttribute(
      "href",
      "https://www.leopardscourier.com/tracking?cn=LE7731234",
    );
  });

  test("staff change a status from the list, open the detail, and record the courier and CN", async ({ page, shopper }) => {
    const orderNumber = await buyBelt(shopper, { firstName: "Saad", email: email("saad") });

    await logIn(page);
    await page.goto("/admin/orders");
    await page.getByRole("searchbox", { name: "Search orders" }).fill(email("saad"));
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await expect(page.getByRole("row")).toHaveCount(2);

    await row.getByLabel(`Status of order ${orderNumber}`).selectOption("shipped");
    // Shipped asks for the courier and the CN in the same step; nothing changes until then.
    const ship = row.getByRole("form", { name: `Ship order ${orderNumber}` });
    await expect(row.getByRole("cell").nth(3)).toHaveText("New");
    await ship.getByLabel("Courier").fill("TCS");
    await ship.getByLabel("Tracking number (CN)").fill("CN-1");
    await ship.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(row.getByRole("cell").nth(3)).toHaveText("Shipped");

    await row.getByRole("button", { name: `View order ${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Formal Dress Belt")).toBeVisible();
    await expect(dialog.getByText(/Size: \d+/)).toBeVisible();
    await expect(dialog.getByText("12 Mall Road, Lahore, Punjab, 54000, Pakistan")).toBeVisible();
    await expect(dialog.getByText("Free", { exact: true })).toBeVisible();
    await expect(dialog.getByText("PKR 3,360").last()).toBeVisible();
    await dialog.getByLabel("Tracking number (CN)").fill("CN-4455");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Courier: TCS · Tracking number (CN): CN-4455")).toBeVisible();
    await expect(dialog.getByRole("listitem").filter({ hasText: "Confirmed → Shipped · by Main Admin" })).toBeVisible();
    await expect(dialog.getByRole("listitem").filter({ hasText: "Shipped · by Main Admin · Courier: TCS · CN: CN-4455" })).toBeVisible();

    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByLabel("Filter by status").selectOption("shipped");
    await expect(page).toHaveURL(/status=shipped/);
    await expect(page.getByRole("row").filter({ hasText: orderNumber })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search orders" }).fill("nobody-at-all@example.pk");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No orders found matching your criteria.")).toBeVisible();
  });
});
