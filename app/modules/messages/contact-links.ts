import { internationalNumber, telHref } from "~/modules/orders/customer-contact";

/**
 * Reaching the sender of a contact message by phone (issue 32, goal 5): a `tel:` link to call and a
 * wa.me link to open WhatsApp on their number. A Pakistani mobile number in any of the ways people
 * type it ('0300-1234567', '+92 300 1234567') is normalised the way the orders' Call and WhatsApp
 * are (customer-contact.ts); a number typed with its country code ('+44 7700 900123') is dialled as
 * typed; any other number (a landline without its code) can be called but has no WhatsApp.
 * Pure: the inbox's rows and the message's window share it.
 */
export interface ContactLinks {
  call: string | null;
  whatsapp: string | null;
}

export function contactLinks(phone: string): ContactLinks {
  const pakistani = internationalNumber(phone);
  if (pakistani) return { call: telHref(phone), whatsapp: `https://wa.me/${pakistani}` };
  const typed = phone.replace(/[\s\-().]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(typed)) return { call: `tel:${typed}`, whatsapp: `https://wa.me/${typed.slice(1)}` };
  if (/^\d{6,15}$/.test(typed)) return { call: `tel:${typed}`, whatsapp: null };
  return { call: null, whatsapp: null };
}
