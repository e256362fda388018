import sharp from "sharp";
import { count } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { newId } from "~/lib/ids";
import { categories, media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { IMAGE_WIDTHS } from "~/modules/media/images.server";
import { CATEGORY_IMAGE_WIDTHS } from "./catalog.server";
import { toPaisa } from "./pricing";
import { swatchTone } from "./product-rules";

/*
 * The demo catalogue loaded on the first start of an empty embedded database (and by
 * `npm run db:seed`). Images are drawn as SVG and encoded with sharp at seed time.
 */

type Shape = "wallet" | "bag" | "belt" | "office" | "backpack" | "shoe";

interface DemoVariant {
  name: string;
  color: string;
  price: number;
  offer?: number;
  stock: [size: string, qty: number][];
}
interface DemoProduct {
  name: string;
  code: string;
  description: string;
  rating: number;
  ageDays: number;
  variants: DemoVariant[];
  extraCategory?: Shape;
}

const DEMO_CATEGORIES: { shape: Shape; name: string; ageDays: number }[] = [
  { shape: "wallet", name: "Wallet", ageDays: 400 },
  { shape: "bag", name: "Bags", ageDays: 380 },
  { shape: "belt", name: "Belts", ageDays: 360 },
  { shape: "office", name: "Office", ageDays: 300 },
  { shape: "backpack", name: "Backpacks", ageDays: 200 },
  { shape: "shoe", name: "Shoe", ageDays: 90 },
];

const one = (qty: number): [string, number][] => [["One Size", qty]];
const belt = (q: number[]): [string, number][] => (["36", "32", "40", "34", "38"] as const).map((s, i) => [s, q[i] ?? 0]);
const shoe = (q: number[]): [string, number][] => (["42", "40", "44", "41", "43", "45"] as const).map((s, i) => [s, q[i] ?? 0]);

const DEMO_PRODUCTS: Record<Shape, DemoProduct[]> = {
  wallet: [
    {
      name: "Classic Bifold Wallet",
      code: "WL-101",
      rating: 4.5,
      ageDays: 5,
      description: "Full-grain cowhide bifold with six card slots and a note compartment, hand-stitched in Lahore.",
      variants: [
        { name: "Black", color: "black", price: 3500, offer: 2990, stock: one(14) },
        { name: "Brown", color: "brown", price: 3500, stock: one(9) },
        { name: "Tan", color: "tan", price: 3500, stock: one(0) },
      ],
    },
    {
      name: "Slim Card Holder",
      code: "WL-102",
      rating: 4,
      ageDays: 12,
      description: "A minimalist card holder in vegetable-tanned leather that slips into any pocket.",
      variants: [
        { name: "Tan", color: "tan", price: 1800, stock: one(20) },
        { name: "Navy", color: "navy", price: 1800, stock: one(6) },
      ],
    },
    {
      name: "Trifold Traveller Wallet",
      code: "WL-103",
      rating: 4.2,
      ageDays: 75,
      description: "Trifold wallet with a zipped coin pocket and room for a passport photo and boarding passes.",
      variants: [{ name: "Brown", color: "brown", price: 4200, stock: one(7) }],
    },
    {
      name: "Long Zip Wallet",
      code: "WL-104",
      rating: 3.8,
      ageDays: 140,
      description: "A long zip-around wallet with twelve card slots, a phone sleeve and a coin compartment.",
      variants: [
        { name: "Red", color: "red", price: 5200, offer: 4400, stock: one(4) },
        { name: "Black", color: "black", price: 5200, stock: one(11) },
      ],
    },
    {
      name: "Coin Pouch",
      code: "WL-105",
      rating: 0,
      ageDays: 210,
      description: "A small snap-button pouch for coins and keys, cut from offcuts of our bag leather.",
      variants: [{ name: "Olive", color: "olive", price: 950, stock: one(30) }],
    },
  ],
  bag: [
    {
      name: "Heritage Messenger Bag",
      code: "BG-201",
      rating: 4.8,
      ageDays: 3,
      description: "A roomy messenger bag for a 15-inch laptop, with brass buckles and an adjustable strap.",
      variants: [
        { name: "Brown", color: "brown", price: 18500, offer: 15900, stock: one(5) },
        { name: "Black", color: "black", price: 18500, stock: one(3) },
      ],
    },
    {
      name: "Leather Tote",
      code: "BG-202",
      rating: 4.4,
      ageDays: 20,
      description: "An open tote in soft pebbled leather with an inner zip pocket, for work and the weekend.",
      variants: [
        { name: "Tan", color: "tan", price: 12500, stock: one(8) },
        { name: "Red", color: "red", price: 12500, offer: 10900, stock: one(2) },
      ],
    },
    {
      name: "Weekender Duffel",
      code: "BG-203",
      rating: 4.6,
      ageDays: 95,
      description: "A two-day duffel with a separate shoe compartment and a detachable shoulder strap.",
      variants: [{ name: "Brown", color: "brown", price: 24500, stock: one(2) }],
    },
    {
      name: "Crossbody Sling",
      code: "BG-204",
      rating: 3.9,
      ageDays: 160,
      description: "A compact sling for phone, wallet and keys, worn across the body or over the shoulder.",
      variants: [
        { name: "Black", color: "black", price: 6900, stock: one(12) },
        { name: "Blue", color: "blue", price: 6900, stock: one(0) },
      ],
    },
    {
      name: "Doctor Bag",
      code: "BG-205",
      rating: 5,
      ageDays: 250,
      description: "A structured frame bag with a wide mouth, inspired by the classic physician's bag.",
      variants: [{ name: "Brown", color: "brown", price: 21000, stock: one(0) }],
    },
  ],
  belt: [
    {
      name: "Formal Dress Belt",
      code: "BT-301",
      rating: 4.3,
      ageDays: 8,
      description: "A 35 mm dress belt with a polished steel buckle; sizes are waist measurements in inches.",
      variants: [
        { name: "Black", color: "black", price: 3200, stock: belt([6, 4, 0, 5, 3]) },
        { name: "Brown", color: "brown", price: 3200, offer: 2800, stock: belt([2, 0, 1, 4, 0]) },
      ],
    },
    {
      name: "Casual Braided Belt",
      code: "BT-302",
      rating: 4,
      ageDays: 45,
      description: "A braided leather belt that fits at any point, for jeans and chinos.",
      variants: [{ name: "Tan", color: "tan", price: 2900, stock: belt([3, 3, 3, 3, 3]) }],
    },
    {
      name: "Reversible Belt",
      code: "BT-303",
      rating: 4.1,
      ageDays: 120,
      description: "Black on one side and brown on the other, with a rotating buckle.",
      variants: [{ name: "Black / Brown", color: "black", price: 4500, offer: 3900, stock: belt([1, 2, 0, 2, 1]) }],
    },
    {
      name: "Rugged Work Belt",
      code: "BT-304",
      rating: 4.7,
      ageDays: 220,
      description: "A 40 mm belt in thick saddle leather with a heavy roller buckle.",
      variants: [
        { name: "Brown", color: "brown", price: 5400, stock: belt([0, 2, 2, 1, 0]) },
        { name: "Navy", color: "navy", price: 5400, stock: belt([1, 1, 0, 0, 1]) },
      ],
    },
    {
      name: "Kids' Belt",
      code: "BT-305",
      rating: 0,
      ageDays: 300,
      description: "A soft, narrow belt with a simple buckle, sized for children.",
      variants: [
        {
          name: "Blue",
          color: "blue",
          price: 1500,
          stock: [
            ["24", 5],
            ["22", 4],
            ["26", 0],
          ],
        },
      ],
    },
  ],
  office: [
    {
      name: "Executive Desk Pad",
      code: "OF-401",
      rating: 4.5,
      ageDays: 10,
      description: "A large desk mat that protects your desk and gives a smooth surface for writing.",
      variants: [
        { name: "Brown", color: "brown", price: 6500, stock: one(6) },
        { name: "Black", color: "black", price: 6500, offer: 5500, stock: one(4) },
      ],
    },
    {
      name: "A5 Notebook Cover",
      code: "OF-402",
      rating: 4.2,
      ageDays: 60,
      description: "A refillable A5 notebook cover with a pen loop and two card pockets.",
      variants: [{ name: "Tan", color: "tan", price: 2800, stock: one(15) }],
    },
    {
      name: "Laptop Sleeve",
      code: "OF-403",
      rating: 4,
      ageDays: 110,
      description: "A felt-lined sleeve for 13 and 14-inch laptops.",
      variants: [
        { name: "Navy", color: "navy", price: 5900, stock: one(7) },
        { name: "Green", color: "green", price: 5900, stock: one(2) },
      ],
    },
    {
      name: "Pen Case",
      code: "OF-404",
      rating: 3.5,
      ageDays: 190,
      description: "A zip case for up to five pens, with a soft lining.",
      variants: [{ name: "Black", color: "black", price: 1600, offer: 1300, stock: one(18) }],
    },
    {
      name: "Document Folio",
      code: "OF-405",
      rating: 4.9,
      ageDays: 330,
      description: "An A4 folio with a writing pad, document pockets and a zip closure.",
      variants: [{ name: "Brown", color: "brown", price: 9800, stock: one(3) }],
    },
  ],
  backpack: [
    {
      name: "Urban Leather Backpack",
      code: "BP-501",
      rating: 4.6,
      ageDays: 2,
      description: "A daily backpack with a padded laptop compartment and water-resistant lining.",
      variants: [
        { name: "Black", color: "black", price: 16500, offer: 14500, stock: one(6) },
        { name: "Brown", color: "brown", price: 16500, stock: one(4) },
      ],
    },
    {
      name: "Rucksack Explorer",
      code: "BP-502",
      rating: 4.3,
      ageDays: 80,
      description: "A drawstring rucksack with a flap and two side pockets, for city and hills.",
      variants: [{ name: "Tan", color: "tan", price: 14200, stock: one(3) }],
    },
    {
      name: "Mini Backpack",
      code: "BP-503",
      rating: 4.1,
      ageDays: 150,
      description: "A small backpack that converts to a shoulder bag.",
      variants: [
        { name: "Red", color: "red", price: 9500, stock: one(5) },
        { name: "White", color: "white", price: 9500, stock: one(1) },
      ],
    },
    {
      name: "Roll-top Backpack",
      code: "BP-504",
      rating: 3.7,
      ageDays: 240,
      description: "A roll-top backpack that grows with what you carry.",
      variants: [{ name: "Green", color: "green", price: 17800, stock: one(2) }],
    },
  ],
  shoe: [
    {
      name: "Peshawari Chappal",
      code: "SH-601",
      rating: 4.8,
      ageDays: 6,
      description: "The traditional Peshawari chappal, hand-stitched on a leather sole; sizes are EU.",
      variants: [
        { name: "Brown", color: "brown", price: 7500, offer: 6500, stock: shoe([4, 2, 0, 3, 5, 1]) },
        { name: "Black", color: "black", price: 7500, stock: shoe([3, 0, 2, 2, 0, 1]) },
      ],
    },
    {
      name: "Oxford Dress Shoe",
      code: "SH-602",
      rating: 4.5,
      ageDays: 35,
      description: "A cap-toe Oxford with a Goodyear-welted leather sole.",
      variants: [
        { name: "Black", color: "black", price: 15500, stock: shoe([2, 1, 1, 0, 2, 1]) },
        { name: "Tan", color: "tan", price: 15500, offer: 13900, stock: shoe([0, 1, 2, 1, 0, 0]) },
      ],
    },
    {
      name: "Loafer",
      code: "SH-603",
      rating: 4.2,
      ageDays: 130,
      description: "A soft penny loafer that needs no breaking in.",
      variants: [{ name: "Navy", color: "navy", price: 11900, stock: shoe([2, 2, 1, 1, 0, 0]) }],
    },
    {
      name: "Chelsea Boot",
      code: "SH-604",
      rating: 4.7,
      ageDays: 270,
      description: "A Chelsea boot in waxed leather with elastic side panels.",
      variants: [{ name: "Brown", color: "brown", price: 16000, stock: shoe([0, 0, 0, 0, 0, 0]) }],
    },
    {
      name: "Khussa Slip-on",
      code: "SH-605",
      rating: 4,
      ageDays: 15,
      description: "A hand-embroidered khussa with a cushioned insole, for weddings and Eid.",
      variants: [
        { name: "Red", color: "red", price: 4800, stock: shoe([3, 4, 2, 1, 2, 0]) },
        { name: "Green", color: "green", price: 4800, stock: shoe([1, 0, 2, 0, 1, 1]) },
      ],
    },
    {
      name: "Desert Boot",
      code: "SH-606",
      rating: 3.9,
      ageDays: 55,
      description: "A crepe-soled desert boot for dry days.",
      variants: [{ name: "Tan", color: "tan", price: 12800, stock: shoe([2, 1, 1, 1, 1, 1]) }],
    },
  ],
};

// ------------------------------------------------------------------ drawings

const shapes: Record<Shape, (fill: string, stroke: string) => string> = {
  wallet: (f, s) =>
    `<rect x="150" y="260" width="500" height="300" rx="28" fill="${f}" stroke="${s}" stroke-width="8"/>
     <path d="M150 330 H650" stroke="${s}" stroke-width="6" stroke-dasharray="14 10"/>
     <rect x="470" y="380" width="180" height="90" rx="16" fill="${s}" opacity="0.35"/>`,
  bag: (f, s) =>
    `<path d="M300 300 C300 170 500 170 500 300" fill="none" stroke="${s}" stroke-width="22"/>
     <rect x="170" y="290" width="460" height="330" rx="36" fill="${f}" stroke="${s}" stroke-width="8"/>
     <rect x="370" y="360" width="60" height="40" rx="8" fill="#d4af37"/>`,
  belt: (f, s) =>
    `<rect x="80" y="360" width="640" height="90" rx="20" fill="${f}" stroke="${s}" stroke-width="8"/>
     <rect x="140" y="335" width="110" height="140" rx="14" fill="none" stroke="#c0c0c0" stroke-width="16"/>
     <circle cx="520" cy="405" r="9" fill="${s}"/><circle cx="580" cy="405" r="9" fill="${s}"/><circle cx="640" cy="405" r="9" fill="${s}"/>`,
  office: (f, s) =>
    `<rect x="200" y="180" width="400" height="460" rx="22" fill="${f}" stroke="${s}" stroke-width="8"/>
     <rect x="585" y="300" width="40" height="120" rx="10" fill="${s}"/>
     <path d="M250 260 H550 M250 320 H520 M250 380 H540" stroke="${s}" stroke-width="6" opacity="0.5"/>`,
  backpack: (f, s) =>
    `<rect x="230" y="180" width="340" height="460" rx="80" fill="${f}" stroke="${s}" stroke-width="8"/>
     <rect x="280" y="420" width="240" height="170" rx="26" fill="${s}" opacity="0.3"/>
     <path d="M330 180 C330 120 470 120 470 180" fill="none" stroke="${s}" stroke-width="18"/>`,
  shoe: (f, s) =>
    `<path d="M140 520 C140 420 230 360 330 360 L420 360 C470 420 560 440 660 470 C700 480 700 560 660 560 L170 560 C150 560 140 545 140 520 Z" fill="${f}" stroke="${s}" stroke-width="8"/>
     <rect x="140" y="555" width="540" height="24" rx="10" fill="${s}"/>`,
};

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) => Math.max(0, Math.min(255, Math.round(v * factor)));
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

function demoSvg(shape: Shape, color: string): string {
  const fill = swatchTone(color) ?? "#9ca3af";
  const stroke = color === "white" ? "#8a7f73" : shade(fill, 0.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf7f1"/><stop offset="1" stop-color="#eadfce"/></radialGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="660" rx="280" ry="26" fill="#000" opacity="0.08"/>
    ${shapes[shape](fill, stroke)}
  </svg>`;
}

async function renderWebps(svg: string, widths: number[]) {
  const out: Record<number, Buffer> = {};
  for (const w of widths) {
    out[w] = await sharp(Buffer.from(svg)).resize({ width: w }).webp({ quality: 78 }).toBuffer();
  }
  return out;
}

// ------------------------------------------------------------------ seeding

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [c] = await db.select({ n: count() }).from(categories);
  const [p] = await db.select({ n: count() }).from(products);
  return Number(c.n) === 0 && Number(p.n) === 0;
}

const DAY = 24 * 60 * 60 * 1000;

/** Loads the demo catalogue. Returns the number of products created. */
export async function seedDemoCatalogue(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const rendered = new Map<string, Record<number, Buffer>>();
  const imageFor = async (shape: Shape, color: string, widths: number[]) => {
    const id = `${shape}:${color}:${widths.join(",")}`;
    let webps = rendered.get(id);
    if (!webps) {
      webps = await renderWebps(demoSvg(shape, color), widths);
      rendered.set(id, webps);
    }
    const key = `demo/${shape}-${color}-${newId(6)}`;
    for (const w of widths) await storage.put(`${key}-${w}.webp`, webps[w]);
    return key;
  };

  const categoryIds = new Map<Shape, string>();
  for (const c of DEMO_CATEGORIES) {
    const id = newId();
    categoryIds.set(c.shape, id);
    const imageKey = await imageFor(c.shape, c.shape === "shoe" ? "tan" : "brown", CATEGORY_IMAGE_WIDTHS);
    await db.insert(categories).values({
      id,
      name: c.name,
      imageKey,
      createdAt: new Date(now.getTime() - c.ageDays * DAY),
    });
  }

  let created = 0;
  for (const [shape, items] of Object.entries(DEMO_PRODUCTS) as [Shape, DemoProduct[]][]) {
    for (const p of items) {
      const productId = newId();
      await db.transaction(async (tx) => {
        await tx.insert(products).values({
          id: productId,
          name: p.name,
          code: p.code,
          description: p.description,
          rating: p.rating,
          createdAt: new Date(now.getTime() - p.ageDays * DAY - created * 60_000),
        });
        await tx.insert(productCategories).values({ productId, categoryId: categoryIds.get(shape)!, position: 0 });
        for (const [vi, v] of p.variants.entries()) {
          const variantId = newId();
          await tx.insert(variants).values({
            id: variantId,
            productId,
            position: vi,
            name: v.name,
            soleColor: v.color,
            price: toPaisa(v.price),
            inOffer: v.offer !== undefined,
            discountPrice: v.offer !== undefined ? toPaisa(v.offer) : 0,
          });
          await tx.insert(stock).values(v.stock.map(([size, qty], si) => ({ variantId, size, qty, position: si })));
          const key = await imageFor(shape, v.color, IMAGE_WIDTHS);
          await tx.insert(media).values({
            variantId,
            kind: "image",
            position: 0,
            storageKey: key,
            widths: IMAGE_WIDTHS,
            width: 800,
            height: 800,
            contentType: "image/webp",
          });
        }
      });
      created++;
    }
  }
  return created;
}
