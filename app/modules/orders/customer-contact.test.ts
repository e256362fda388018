import { describe, expect, it } from "vitest";
import {
  confirmationMessage,
  DEFAULT_CONFIRMATION_TEMPLATE,
  internationalNumber,
  telHref,
  whatsappHref,
  type OrderToConfirm,
} from "./customer-contact";

const order: OrderToConfirm = {
  orderNumber: "ORD-1795449814687",
  firstName: "Ayesha",
  lastName: "Khan",
  phone: "03001234567",
  total: 672000,
  items: [
    { productName: "Formal Dress Belt", quantity: 2 },
    { productName: "Bifold Wallet", quantity: 1 },
  ],
};

describe("confirming an order with the customer", () => {
  it("turns a Pakistani mobile number into the international form WhatsApp and phones dial", () => {
    expect(internationalNumber("03001234567")).toBe("923001234567");
    expect(internationalNumber("+92 300 1234567")).toBe("923001234567");
    expect(internationalNumber("0300-1234567")).toBe("923001234567");
    expect(internationalNumber("12345")).toBeNull();
    expect(telHref("0321 5556666")).toBe("tel:+923215556666");
  });

  it("fills the template with the order's number, items and total", () => {
    expect(confirmationMessage(DEFAULT_CONFIRMATION_TEMPLATE, order)).toBe(
      "Hello Ayesha Khan, this is Chamra Leather. We have your order ORD-1795449814687: 2 × Formal Dress Belt, 1 × Bifold Wallet. Total PKR 6,720, to pay in cash on delivery. Please reply YES to confirm it, or tell us what to change. Questions? Call +92 300 1234567.",
    );
    expect(confirmationMessage("{orderNumber} {unknown} {total}", order)).toBe("ORD-1795449814687 {unknown} PKR 6,720");
  });

  it("opens WhatsApp on the customer's number with the message typed in", () => {
    const href = whatsappHref("Order {orderNumber}: {items} = {total}", order)!;
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe("https://wa.me/923001234567");
    expect(url.searchParams.get("text")).toBe("Order ORD-1795449814687: 2 × Formal Dress Belt, 1 × Bifold Wallet = PKR 6,720");
    expect(whatsappHref("x", { ...order, phone: "n/a" })).toBeNull();
  });
});
