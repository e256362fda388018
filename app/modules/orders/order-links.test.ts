import { describe, expect, it } from "vitest";
import { orderConfirmationMail } from "./order-mail";
import { orderNumberFromLink, trackOrderHref } from "./order-tracking.schema";
import { itemsLine, slipAmounts } from "./order-batch.server";

describe("links to /track with the order number filled in", () => {
  it("are built from the shop's address, or relative on the shop's own pages", () => {
    expect(trackOrderHref("ORD-1763900000000")).toBe("/track?order=ORD-1763900000000");
    expect(trackOrderHref("ORD-1763900000000", "https://chamra.pk")).toBe("https://chamra.pk/track?order=ORD-1763900000000");
  });

  it("fill in an order number and nothing else", () => {
    const from = (query: string) => orderNumberFromLink(new URLSearchParams(query));
    expect(from("order=ORD-1763900000000")).toBe("ORD-1763900000000");
    expect(from("order=ord%201763900000000")).toBe("ORD-1763900000000");
    expect(from("order=1763900000000")).toBe("ORD-1763900000000");
    for (const junk of ["", "order=", "order=ORD-12", "order=%3Cscript%3E", `order=${"1".repeat(500)}`, "orderNumber=ORD-1763900000000"]) {
      expect(from(junk)).toBe("");
    }
  });
});

const item = { productName: "Formal Dress Belt", color: "brown", size: "34", quantity: 2, unitPrice: 280000, lineTotal: 560000 };
/** The demo catalogue stores an item in one size with the size "One Size". */
const pouch = { productName: "Coin Pouch", color: "olive", size: "One Size", quantity: 1, unitPrice: 95000, lineTotal: 95000 };

describe("the confirmation e-mail", () => {
  const mail = orderConfirmationMail({
    orderNumber: "ORD-1763900000000",
    firstName: "Sana",
    lastName: "Malik",
    phone: "03001234567",
    address: { streetAddress: "12 Mall Road", apartment: "", city: "Lahore", state: "Punjab", zipCode: "54000", country: "Pakistan", landmark: "" },
    items: [item, pouch],
    subtotal: 655000,
    tax: 32750,
    shipping: 0,
    total: 687750,
    shopUrl: "https://chamra.pk",
  });

  it("links /track with its order number filled in, in the text and the HTML", () => {
    expect(mail.text).toContain("Track your order: https://chamra.pk/track?order=ORD-1763900000000 ");
    expect(mail.html).toContain('<a href="https://chamra.pk/track?order=ORD-1763900000000">Track your order</a>');
  });

  it("names the colour as the product page does", () => {
    expect(mail.text).toContain("2 × Formal Dress Belt (Brown, size 34) — PKR 5,600");
  });

  it("names no size for an item in one size (never 'size One Size')", () => {
    expect(mail.text).toContain("1 × Coin Pouch (Olive) — PKR 950");
    expect(mail.text + mail.html).not.toMatch(/size One Size/i);
  });
});

describe("the packing slip and the orders CSV", () => {
  it("name the colour as the product page does", () => {
    const sold = { ...item, price: 320000, discountPrice: 280000 };
    expect(itemsLine([sold])).toBe("2 × Formal Dress Belt (Brown, 34)");
    const slip = slipAmounts({ items: [item], subtotal: 560000, tax: 28000, shipping: 0, total: 588000, paymentMethod: "cod" });
    expect(slip.lines[0].details).toBe("Brown · Size 34");
  });

  it("name no size for an item in one size", () => {
    const sold = { ...pouch, price: 95000, discountPrice: null };
    expect(itemsLine([sold])).toBe("1 × Coin Pouch (Olive)");
    const slip = slipAmounts({ items: [pouch], subtotal: 95000, tax: 4750, shipping: 0, total: 99750, paymentMethod: "cod" });
    expect(slip.lines[0].details).toBe("Olive");
  });
});
