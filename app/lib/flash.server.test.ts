import { describe, expect, it } from "vitest";
import { flashCookie, readFlash } from "./flash.server";

const requestWith = (cookie: string, at = "http://shop.test/") => new Request(at, { headers: { cookie } });
const plain = new Request("http://localhost:3000/login", { method: "POST" });
const valueOf = (setCookie: string) => setCookie.split(";")[0];

describe("flash messages", () => {
  it("carry their kind across the redirect, success by default", () => {
    expect(readFlash(requestWith(valueOf(flashCookie(plain, "Login successful!")))).flash).toEqual({ message: "Login successful!", kind: "success" });
    expect(readFlash(requestWith(valueOf(flashCookie(plain, "Product not found!", "error")))).flash).toEqual({
      message: "Product not found!",
      kind: "error",
    });
    expect(readFlash(requestWith(`a=1; ${valueOf(flashCookie(plain, "Heads up: 3 left", "info"))}`)).flash).toEqual({
      message: "Heads up: 3 left",
      kind: "info",
    });
  });

  it("reads a message without a kind as a success, and ignores junk", () => {
    expect(readFlash(requestWith("flash=Hello%20there")).flash).toEqual({ message: "Hello there", kind: "success" });
    expect(readFlash(requestWith("flash=Ratio%3A%203%3A1")).flash).toEqual({ message: "Ratio: 3:1", kind: "success" });
    expect(readFlash(requestWith("flash=%E0%A4%A")).flash).toBeNull();
    expect(readFlash(requestWith("flash=")).flash).toBeNull();
    expect(readFlash(requestWith("other=1"))).toEqual({ flash: null, clear: null });
  });

  it("are Secure when the shop is served over https, and only then", () => {
    // The server addresses every request to the shop's public origin first (PUBLIC_URL, or what a
    // trusted proxy says): an https origin there is an https shop.
    const overHttps = new Request("https://shop.example.pk/login", { method: "POST" });
    expect(flashCookie(overHttps, "Login successful!")).toMatch(/; Secure$/);
    expect(readFlash(requestWith("flash=Hi", "https://shop.example.pk/")).clear).toMatch(/; Secure$/);
    expect(flashCookie(plain, "Login successful!")).not.toMatch(/Secure/);
    expect(readFlash(requestWith("flash=Hi")).clear).not.toMatch(/Secure/);
  });
});
