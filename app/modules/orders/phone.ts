/**
 * The Pakistani mobile number rule: 03 followed by 9 digits. What people type ('0300-1234567',
 * '+92 300 1234567', '0092 300 1234567') is normalised first, and stored normalised.
 */
const PHONE_PATTERN = /^03\d{9}$/;

export function normalizePhone(input: string): string {
  let digits = input.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+92")) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith("0092")) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith("92") && digits.length === 12) digits = `0${digits.slice(2)}`;
  return digits;
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input));
}
