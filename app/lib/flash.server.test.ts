import { describe, expect, it } from "vitest";
import { flashCookie, readFlash } from "./flash.server";

const requestWith = (cookie: string) => new Request("http://shop.test/", { headers: { cookie } });
const valueOf = (setCookie: string) => setCookie.split(";")[0];

describe("flash messages", () => {
  it("carry their kind across the redirect, success by default", () => {
    expect(readFlash(requestWith(valueOf(flashCookie("Login successful!")))).flash).toEqual({ message: "Login successful!", kind: "success" });
    expect(readFlash(requestWith(valueOf(flashCookie("Product not found!", "error")))).flash).toEqual({
      message: "Product not found!",
      kind: "error",
    });
    expect(readFlash(requestWith(`a=1; ${valueOf(flashCookie("Heads up: 3 left", "info"))}`)).flash).toEqual({
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
});
