import { describe, expect, it } from "vitest";
import { contactLinks } from "./contact-links";

describe("calling or messaging the sender of a contact message", () => {
  it("normalises a Pakistani mobile number as the orders do, whichever way it was typed", () => {
    for (const typed of ["03001234567", "0300-1234567", "0300 1234567", "+92 300 1234567", "0092 300 1234567", "923001234567"]) {
      expect(contactLinks(typed)).toEqual({ call: "tel:+923001234567", whatsapp: "https://wa.me/923001234567" });
    }
  });

  it("dials a number given with its country code as typed, and opens WhatsApp on it", () => {
    expect(contactLinks("+44 7700 900123")).toEqual({ call: "tel:+447700900123", whatsapp: "https://wa.me/447700900123" });
  });

  it("offers a call but no WhatsApp for a landline without its country code", () => {
    expect(contactLinks("042-35761234")).toEqual({ call: "tel:04235761234", whatsapp: null });
  });

  it("offers nothing for no number or for words", () => {
    for (const typed of ["", "   ", "call me", "12", "+0123456789", "javascript:alert(1)"]) {
      expect(contactLinks(typed)).toEqual({ call: null, whatsapp: null });
    }
  });
});
