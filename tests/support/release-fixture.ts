import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, inArray } from "drizzle-orm";
import sharp from "sharp";
import { migrationsFolder, type Db } from "~/lib/db.server";
import { compareVersions, shippedMigrations, SHOP_VERSION } from "~/lib/db/migration-journal.server";
import { contactSubmissions } from "~/lib/db/tables/messages.server";
import { orders } from "~/lib/db/tables/orders.server";
import { products } from "~/lib/db/tables/catalogue.server";
import { user } from "~/lib/db/tables/accounts.server";
import { ensureMainAdmin, upsertAccount } from "~/modules/accounts/accounts.server";
import { createAdminAccount } from "~/modules/accounts/admin-accounts.server";
import { createAdminSchema } from "~/modules/accounts/admin-account.schema";
import { loadAuthSecret } from "~/modules/accounts/auth.server";
import { backupCommand } from "~/modules/backup/backup-command.server";
import { variantKey } from "~/modules/cart/cart-line";
import { addCategory } from "~/modules/catalog/admin-categories.server";
import { getProductDetail, listCategories } from "~/modules/catalog/catalog.server";
import { createProduct, loadProductForEdit } from "~/modules/catalog/product-editor.server";
import { productFormSchema, type ProductFormInput } from "~/modules/catalog/product-form.schema";
import { getSubmission, moveSubmission } from "~/modules/messages/admin-messages.server";
import { createSubmission } from "~/modules/messages/messages.server";
import { changeOrderStatus, getOrderDetail } from "~/modules/orders/admin-orders.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { signStagedUpload, stageUpload } from "~/modules/media/staged-uploads.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { listSubscribers, subscribe } from "~/modules/subscribers/subscribers.server";
import { newPlace, seedFolderFromTemplate } from "./backup-shop";
import { testCustomer } from "./fixtures";

/*
 * Release fixtures (docs/decisions/0052): a backup made by a release of the shop, kept in
 * tests/fixtures/releases/<release>/, and what that release saw in the shop it backed up
 * (expected.json). Every later build restores each one and must find the same shop.
 *
 * The shop is built the way staff and shoppers build it (the product form with uploaded media,
 * checkout, the status changes of the back office), with fixed names, amounts, quantities, times
 * and picture colours, so the next release makes its own the same way: `npm run make-release-fixture`.
 * Ids, password hashes' salts and the times of writing are the database's and differ per run.
 */

export const RELEASES_FOLDER = path.resolve(import.meta.dirname, "../fixtures/releases");
const FIXTURE_BACKUP = "shop.tar.gz";
const FIXTURE_EXPECTED = "expected.json";

export interface ReleaseFixture {
  release: string;
  backup: string;
  expected: string;
}

/** The fixtures kept in `folder`, oldest release first: one folder per release, named by it. */
export function releaseFixtures(folder = RELEASES_FOLDER): ReleaseFixture[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      release: entry.name,
      backup: path.join(folder, entry.name, FIXTURE_BACKUP),
      expected: path.join(folder, entry.name, FIXTURE_EXPECTED),
    }))
    .sort((a, b) => compareVersions(a.release, b.release));
}

/**
 * A shop in words that outlive the schema: what a later release must find after restoring the
 * backup. Written by the release that made the backup; read back by every later one through its
 * own readers, so a later release that renames a column changes `describeShop`, not the fixture.
 */
export interface ShopDescription {
  categories: { name: string; productCount: number; image: string | null }[];
  products: {
    name: string;
    code: string;
    description: string;
    createdAt: string;
    categories: string[];
    variants: {
      name: string;
      soleColor: string;
      price: number;
      inOffer: boolean;
      discountPrice: number;
      stock: { size: string; qty: number }[];
      images: { key: string; widths: number[] }[];
      videos: { key: string; contentType: string }[];
    }[];
  }[];
  orders: {
    orderNumber: string;
    createdAt: string;
    status: string;
    customer: { firstName: string; lastName: string; email: string; phone: string; streetAddress: string; city: string; notes: string };
    subtotal: number;
    tax: number;
    shipping: number;
    total: number;
    courier: string | null;
    trackingNumber: string | null;
    items: { productName: string; variantName: string; color: string; size: string; quantity: number; unitPrice: number; lineTotal: number }[];
    history: { from: string | null; to: string; by: string }[];
  }[];
  users: { email: string; role: string; firstName: string; lastName: string }[];
  subscribers: string[];
  messages: { name: string; email: string; subject: string; message: string; status: string; read: boolean }[];
}

export interface ReleaseExpectations {
  /** The release that made the backup. */
  release: string;
  /** Its last migration. */
  migration: string;
  /** Accounts and the passwords they were given (test accounts of a test shop), to sign in with. */
  logins: { email: string; password: string; role: string }[];
  shop: ShopDescription;
}

/** The shop as the back office reads it. */
export async function describeShop(db: Db): Promise<ShopDescription> {
  const productIds = await db.select({ id: products.id }).from(products).orderBy(asc(products.name), asc(products.id));
  const orderIds = await db.select({ id: orders.id }).from(orders).orderBy(asc(orders.orderNumber));
  const messageIds = await db.select({ id: contactSubmissions.id }).from(contactSubmissions).orderBy(asc(contactSubmissions.email));
  const people = await db
    .select({ email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName })
    .from(user)
    .orderBy(asc(user.email));
  const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  return {
    categories: byName(await listCategories(db)).map((c) => ({ name: c.name, productCount: c.productCount, image: c.image?.key ?? null })),
    products: await Promise.all(
      productIds.map(async ({ id }) => {
        const p = await getProductDetail(db, id);
        return {
          name: p.name,
          code: p.code,
          description: p.description,
          createdAt: p.createdAt,
          categories: p.categories.map((c) => c.name).sort(),
          variants: p.variants.map((v) => ({
            name: v.name,
            soleColor: v.soleColor,
            price: v.price,
            inOffer: v.inOffer,
            discountPrice: v.discountPrice,
            stock: v.stock.map((s) => ({ size: s.size, qty: s.qty })),
            images: v.images.map((i) => ({ key: i.key, widths: i.widths })),
            videos: v.videos.map((m) => ({ key: m.key, contentType: m.contentType })),
          })),
        };
      }),
    ),
    orders: await Promise.all(
      orderIds.map(async ({ id }) => {
        const o = await getOrderDetail(db, id);
        return {
          orderNumber: o.orderNumber,
          createdAt: o.createdAt,
          status: o.status,
          customer: {
            firstName: o.firstName,
            lastName: o.lastName,
            email: o.email,
            phone: o.phone,
            streetAddress: o.streetAddress,
            city: o.city,
            notes: o.notes,
          },
          subtotal: o.subtotal,
          tax: o.tax,
          shipping: o.shipping,
          total: o.total,
          courier: o.courier,
          trackingNumber: o.trackingNumber,
          items: o.items.map((i) => ({
            productName: i.productName,
            variantName: i.variantName,
            color: i.color,
            size: i.size,
            quantity: i.quantity,
            unitPrice: i.unitPrice,
            lineTotal: i.lineTotal,
          })),
          history: o.history.map((h) => ({ from: h.fromStatus, to: h.toStatus, by: h.by })),
        };
      }),
    ),
    users: people.map((u) => ({ email: u.email, role: u.role, firstName: u.firstName, lastName: u.lastName })),
    subscribers: (await listSubscribers(db, { pageSize: 1000 })).rows.map((s) => s.email).sort(),
    messages: await Promise.all(
      messageIds.map(async ({ id }) => {
        const m = (await getSubmission(db, id))!;
        return { name: m.name, email: m.email, subject: m.subject, message: m.message, status: m.status, read: m.read };
      }),
    ),
  };
}

/** The fixture shop's accounts; staff passwords follow the staff rule. */
const FIXTURE_LOGINS = {
  owner: { email: "owner@chamra.example", password: "saddle stitch tannery lantern", role: "main-admin" },
  staff: { email: "staff@chamra.example", password: "indigo buckle ledger harbour", role: "admin" },
  customer: { email: "ayesha@example.pk", password: "camel wallet 2026", role: "user" },
} as const;

/** A picture of one colour, as a PNG a phone might upload. */
function picture(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

/** A short MP4 as far as the shop checks one (its 'ftyp' box), with bytes of its own after it. */
function video(seed: number): Buffer {
  const ftyp = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]);
  const body = Buffer.alloc(2048, 0);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31 + seed * 17) & 0xff;
  return Buffer.concat([ftyp, body]);
}

/**
 * Fills an empty, migrated shop: categories (some with pictures, one without products), products
 * with variants, sizes, stock, pictures and a video, entered through the product form; accounts
 * (main admin, admin, customer); orders placed at checkout and moved by staff (shipped, completed,
 * cancelled with its stock back); subscribers; contact messages, one answered.
 */
async function fillReleaseShop(db: Db, storage: FileStorage): Promise<void> {
  await ensureMainAdmin(db, FIXTURE_LOGINS.owner);
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.email, [FIXTURE_LOGINS.owner.email]));
  await createAdminAccount(
    db,
    createAdminSchema.parse({ ...FIXTURE_LOGINS.staff, firstName: "Sana", lastName: "Malik", gender: "female", number: "0321-7654321" }),
  );
  await upsertAccount(db, { ...FIXTURE_LOGINS.customer, role: "user", firstName: "Ayesha", lastName: "Khan", gender: "female" });

  const category = async (name: string, rgb?: [number, number, number]) =>
    (await addCategory(db, storage, { name, image: rgb ? await picture(400, 300, rgb) : null })).id;
  const wallets = await category("Wallets", [120, 70, 30]);
  const bags = await category("Bags", [90, 50, 20]);
  const travel = await category("Travel");
  const shoes = await category("Shoes", [60, 40, 30]);
  const belts = await category("Belts");
  await category("Gift Sets");

  const secret = await loadAuthSecret(db);
  const upload = async (kind: "image" | "video", body: Buffer) => ({ token: signStagedUpload(secret, await stageUpload(storage, kind, body)), kind });
  const image = async (rgb: [number, number, number]) => upload("image", await picture(700, 525, rgb));
  const product = async (input: ProductFormInput, createdAt: string) => {
    const { id } = await createProduct(db, productFormSchema.parse(input), { storage, uploadSecret: secret, by: owner.id, now: new Date(createdAt) });
    return loadProductForEdit(db, id);
  };

  const wallet = await product(
    {
      name: "Classic Bifold Wallet",
      code: "WAL-001",
      description: "Full-grain cow leather, hand-stitched.\nEight card slots.",
      categoryIds: [wallets],
      variants: [
        {
          name: "Brown",
          soleColor: "brown",
          price: "3500",
          discountPrice: "0",
          stock: [{ size: "", qty: "25" }],
          uploads: [await image([130, 80, 40])],
        },
        {
          name: "Black",
          soleColor: "black",
          price: "3500",
          inOffer: true,
          discountPrice: "2999",
          stock: [{ size: "", qty: "10" }],
          uploads: [await image([20, 20, 20])],
        },
      ],
    },
    "2026-10-01T09:00:00.000Z",
  );
  const duffle = await product(
    {
      name: "Weekend Duffle Bag",
      code: "BAG-014",
      description: "Buffalo leather, brass fittings — ہاتھ سے بنا",
      categoryIds: [bags, travel],
      variants: [
        {
          name: "Tan",
          soleColor: "tan",
          price: "18500",
          discountPrice: "0",
          stock: [{ size: "", qty: "4" }],
          uploads: [await image([180, 120, 70]), await image([170, 110, 60]), await upload("video", video(1))],
        },
      ],
    },
    "2026-10-05T09:00:00.000Z",
  );
  const chappal = await product(
    {
      name: "Peshawari Chappal",
      code: "SHO-007",
      description: "Hand-made in Peshawar; tyre sole.",
      categoryIds: [shoes],
      variants: [
        {
          name: "Brown",
          soleColor: "brown",
          price: "6500",
          discountPrice: "0",
          stock: [
            { size: "40", qty: "3" },
            { size: "41", qty: "5" },
            { size: "42", qty: "0" },
            { size: "43", qty: "2" },
          ],
          uploads: [await image([100, 60, 30])],
        },
        {
          name: "Black",
          soleColor: "black",
          price: "6800",
          discountPrice: "0",
          stock: [
            { size: "41", qty: "1" },
            { size: "42", qty: "6" },
          ],
        },
      ],
    },
    "2026-10-10T09:00:00.000Z",
  );
  const belt = await product(
    {
      name: "Leather Belt",
      code: "BLT-003",
      categoryIds: [belts],
      variants: [
        {
          name: "Default",
          price: "2200",
          discountPrice: "0",
          stock: ["32", "34", "36", "38"].map((size, i) => ({ size, qty: String(8 - i) })),
        },
      ],
    },
    "2026-10-12T09:00:00.000Z",
  );

  const line = (p: Awaited<ReturnType<typeof product>>, variant: number, size: string, quantity: number) => ({
    productID: p.id,
    productVariantKey: variantKey(p.variants[variant], size),
    productSize: size,
    productQuantity: quantity,
  });
  const order = async (at: string, customer: Record<string, string>, lines: ReturnType<typeof line>[]) =>
    (await placeOrder(db, { customer: testCustomer(customer), lines, idempotencyKey: `release-fixture-${at}` }, () => new Date(at))).id;

  await order("2026-11-02T07:15:00.000Z", { notes: "Please call before delivery" }, [line(wallet, 1, "", 2), line(belt, 0, "34", 1)]);
  const shipped = await order(
    "2026-11-03T11:40:00.000Z",
    { firstName: "Bilal", lastName: "Ahmed", email: "bilal@example.pk", phone: "0333-2223344", city: "Karachi", state: "Sindh", zipCode: "75500" },
    [line(duffle, 0, "", 1)],
  );
  const completed = await order(
    "2026-11-04T16:05:00.000Z",
    { firstName: "Fatima", lastName: "Raza", email: "fatima@example.pk", phone: "0345-5556677", city: "Islamabad", state: "ICT", zipCode: "44000" },
    [line(chappal, 0, "41", 2)],
  );
  const cancelled = await order(
    "2026-11-05T10:30:00.000Z",
    { firstName: "Usman", lastName: "Ali", email: "usman@example.pk", phone: "0300-9998877", city: "Multan", state: "Punjab", zipCode: "60000" },
    [line(chappal, 1, "42", 1), line(wallet, 0, "", 1)],
  );
  await changeOrderStatus(db, { orderId: shipped, to: "shipped", by: owner.id, courier: "TCS", trackingNumber: "TCS-778812" });
  await changeOrderStatus(db, { orderId: completed, to: "completed", by: owner.id });
  await changeOrderStatus(db, { orderId: cancelled, to: "cancelled", by: owner.id });

  for (const email of ["news@example.pk", "Zara.Shah@example.pk", "hamza@example.pk"]) await subscribe(db, email);
  const question = await createSubmission(db, {
    name: "Hamza",
    email: "hamza@example.pk",
    phone: "0312-1112233",
    subject: "wholesale",
    message: "Do you sell wallets in bulk for corporate gifts?\nAbout 50 pieces.",
  });
  await moveSubmission(db, question.id, { type: "reply" });
  await createSubmission(db, {
    name: "Zara",
    email: "zara.shah@example.pk",
    phone: "",
    subject: "product-inquiry",
    message: "Is the duffle bag cabin size?",
  });
}

/**
 * Makes a release fixture in `folder` (tests/fixtures/releases/<release> by default): the shop of
 * fillReleaseShop in a new embedded data folder, its backup through the backup command, and what
 * this release sees in it. `template`: an embedded database to start from instead of creating one.
 */
export async function makeReleaseFixture(
  folder = path.join(RELEASES_FOLDER, SHOP_VERSION),
  options: { template?: string; progress?: (line: string) => void } = {},
): Promise<{ backup: string; expected: ReleaseExpectations; output: string }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "release-fixture-"));
  try {
    const place = await newPlace("pglite", work);
    if (options.template) await seedFolderFromTemplate(place, options.template);
    const opened = await place.open();
    let shop: ShopDescription;
    try {
      await fillReleaseShop(opened.database.db, opened.storage);
      shop = await describeShop(opened.database.db);
    } finally {
      await opened.close();
    }
    fs.mkdirSync(folder, { recursive: true });
    const backup = path.join(folder, FIXTURE_BACKUP);
    const made = await backupCommand([backup], place.settings, options.progress);
    if (made.exitCode !== 0) throw new Error(made.output);
    const migration = shippedMigrations(migrationsFolder()).at(-1)!.tag;
    const expected: ReleaseExpectations = { release: SHOP_VERSION, migration, logins: Object.values(FIXTURE_LOGINS), shop };
    fs.writeFileSync(path.join(folder, FIXTURE_EXPECTED), `${JSON.stringify(expected, null, 2)}\n`);
    // A fixture is committed: readable by anyone who checks out the repository.
    fs.chmodSync(backup, 0o644);
    return { backup, expected, output: made.output };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
