import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * A shop as crowded as a busy back office gets: `count` of every kind (products, categories,
 * orders, contact messages with and without a phone, subscribers, admins), with long names, long
 * unbroken e-mails and long product names, written as an export of the original shop so that a
 * browser test's own server starts with it (startOwnServer({ E2E_IMPORT: file })).
 */

/** The longest texts the screens must fit: a name, an e-mail with no place to break, a product. */
export const LONG = {
  name: (i: number) => `Muhammad Abdul-Rehman Chaudhry Siddiqui-Qureshi ${String(i).padStart(2, "0")}`,
  email: (i: number) => `muhammad.abdulrehman.chaudhry.siddiqui.qureshi.${String(i).padStart(2, "0")}@leather-wholesale-traders-lahore.example.pk`,
  product: (i: number) => `Hand-Stitched Full-Grain Cowhide Executive Briefcase With Detachable Shoulder Strap No. ${i}`,
  category: (i: number) => `Executive Briefcases And Laptop Bags For Travel ${i}`,
} as const;

const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + i, 9, 0, 0)).toISOString();

function crowdedExport(count = 24) {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const categories = Object.fromEntries(
    ids.map((i) => [`cat${i}`, { CategoryName: LONG.category(i), CatImgUrl: "", DateCreated: day(i), ProductCount: 1 }]),
  );
  const products = Object.fromEntries(
    ids.map((i) => [
      `prod${i}`,
      {
        PName: LONG.product(i),
        PDesc: "Vegetable-tanned leather, brass fittings.",
        PCategories: [`cat${i}`, `cat${(i % count) + 1}`],
        PCode: `BRIEFCASE-EXECUTIVE-${String(i).padStart(4, "0")}`,
        PRating: 4,
        PReviews: [],
        PDateAdded: day(i),
        PDateModified: day(i),
        PType: [
          {
            id: `v${i}`,
            PTypeName: "Dark Chocolate Brown With Antique Brass",
            PSoleColor: "Brown",
            PPrice: 125000 + i,
            PInOffer: i % 2 === 0,
            PDiscountPrice: i % 2 === 0 ? 99000 : 0,
            PImgUrls: [],
            PVidUrls: [],
            PStock: [
              { id: `s${i}a`, Size: "", Qty: i % 3 === 0 ? 0 : 40 + i },
              { id: `s${i}b`, Size: "XL", Qty: 2 },
            ],
          },
        ],
      },
    ]),
  );
  const users = Object.fromEntries(
    ids.map((i) => [
      `uidStaff${i}`,
      {
        UID: `uidStaff${i}`,
        FirstName: LONG.name(i).split(" ").slice(0, 2).join(" "),
        LastName: LONG.name(i).split(" ").slice(2).join(" "),
        Gender: i % 2 ? "male" : "female",
        NumberCode: "+92",
        Number: `300${String(1000000 + i)}`,
        Role: "admin",
        Email: LONG.email(i),
        CreatedAt: day(i),
      },
    ]),
  );
  const orders = Object.fromEntries(
    ids.map((i) => [
      `order${i}`,
      {
        orderId: `ORD-17359${String(i).padStart(8, "0")}`,
        date: day(i).slice(0, 10),
        customer: {
          firstName: LONG.name(i).split(" ").slice(0, 2).join(" "),
          lastName: LONG.name(i).split(" ").slice(2).join(" "),
          email: LONG.email(i),
          phone: `0300${String(1000000 + i)}`,
          alternatePhone: i % 2 ? `0321${String(2000000 + i)}` : "",
        },
        shippingAddress: {
          streetAddress: "House 12, Street 4, Block C, Gulberg III",
          apartment: "Flat 3",
          city: "Lahore",
          state: "Punjab",
          zipCode: "54000",
          country: "Pakistan",
          landmark: "Opposite the Liberty Market roundabout",
        },
        paymentMethod: "cod",
        items: [
          {
            productID: `prod${i}`,
            productVariantKey: `v${i}`,
            productName: LONG.product(i),
            productImage: "",
            productColor: "Dark Chocolate Brown With Antique Brass",
            productSize: "",
            productQuantity: 1,
            productPrice: 125000 + i,
            productDiscountPrice: null,
          },
        ],
        shipping: 0,
        status: ["confirmed", "shipped", "completed", "cancelled"][i % 4],
        notes: "Please call before delivery; the gate is locked after 6 pm.",
        createdAt: day(i),
        subtotal: 125000 + i,
        tax: 0,
        total: 125000 + i,
      },
    ]),
  );
  const contactSubmissions = Object.fromEntries(
    ids.map((i) => [
      `msg${i}`,
      {
        name: LONG.name(i),
        email: LONG.email(i),
        phone: i % 2 ? `0300 ${String(1000000 + i)}` : "",
        subject: ["product-inquiry", "order-support", "wholesale", "custom-order", "complaint", "other"][i % 6],
        message: `Assalam-o-Alaikum, I would like to order ${LONG.product(i)} in a custom size for my office; could you call me back this week? ${"Thanks! ".repeat(8)}`,
        status: ["new", "read", "replied", "resolved"][i % 4],
        read: i % 4 !== 0,
        createdAt: day(i),
      },
    ]),
  );
  const subscribers = Object.fromEntries(ids.map((i) => [`sub${i}`, { email: LONG.email(i), subscribedAt: day(i) }]));
  return { categories, products, users, orders, contactSubmissions, subscribers };
}

/** Writes the crowded export to a file of its own; answers its path and a function that removes it. */
export function writeCrowdedExport(count?: number): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-crowded-"));
  const file = path.join(dir, "export.json");
  fs.writeFileSync(file, JSON.stringify(crowdedExport(count)));
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
