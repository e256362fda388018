import { customAlphabet } from "nanoid";

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
// nanoid draws from the operating system's random source and masks each byte, drawing again when
// it falls outside the alphabet, so every character is equally likely (a byte taken modulo 62 is not).
const draw = customAlphabet(alphabet, 12);

/** A random, URL-safe short id (12 base-62 characters, about 71 bits). */
export function newId(length = 12): string {
  return draw(length);
}
