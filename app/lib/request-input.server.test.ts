import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { checkAddress, checkedForm, INPUT_MESSAGES, readBodyWithLimit } from "./request-input.server";

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://shop.test/checkout", { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("checkAddress", () => {
  it("refuses a NUL byte in the path or the query, and a path that does not decode", () => {
    for (const address of ["/product/%00", "/shop?q=%00", "/shop?q=a%00b", "/shop/category/a%00", "/shop?%00=1", "/product/%E0%A4%A"]) {
      expect(checkAddress(new URL(address, "http://shop.test")), address).toEqual({ status: 400, message: INPUT_MESSAGES.badAddress });
    }
  });

  it("lets ordinary addresses through, Urdu included", () => {
    for (const address of ["/", "/shop?q=wallet&page=2", "/shop?q=%D8%A8%D9%B9%D9%88%DB%81", "/product/abc123", "/shop?q=100%25"]) {
      expect(checkAddress(new URL(address, "http://shop.test")), address).toBeNull();
    }
  });
});

describe("checkedForm", () => {
  it("refuses bodies that are not forms with 415", async () => {
    for (const [body, type] of [
      ['{"firstName":"A"}', "application/json"],
      ["firstName=A", "text/plain"],
      [null, undefined],
      ["firstName=A", undefined],
    ] as const) {
      const result = await checkedForm(post(body, type));
      expect(result, `${type}`).toEqual({ problem: { status: 415, message: INPUT_MESSAGES.notAForm } });
    }
  });

  it("refuses a multipart body that cannot be read with 400", async () => {
    const result = await checkedForm(post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', "multipart/form-data; boundary=x"));
    expect(result).toEqual({ problem: { status: 400, message: INPUT_MESSAGES.unreadableForm } });
    const noBoundary = await checkedForm(post("a=1", "multipart/form-data"));
    expect(noBoundary).toEqual({ problem: { status: 400, message: INPUT_MESSAGES.unreadableForm } });
  });

  it("refuses a NUL byte in any field name or value, encoded or raw, in either kind of form", async () => {
    const multipart = new FormData();
    multipart.set("name", "Ali\0");
    const cases = [
      post("firstName=a%00b", "application/x-www-form-urlencoded"),
      post("a%00=1", "application/x-www-form-urlencoded"),
      post("firstName=a\0b", "application/x-www-form-urlencoded"),
      new Request("http://shop.test/contact", { method: "POST", body: multipart }),
    ];
    for (const request of cases) expect(await checkedForm(request)).toEqual({ problem: { status: 400, message: INPUT_MESSAGES.nulInForm } });
  });

  it("hands the action an identical form", async () => {
    const form = new FormData();
    form.set("name", "Category");
    form.set("image", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    const result = await checkedForm(new Request("http://shop.test/admin/categories", { method: "POST", body: form }));
    if (!("request" in result)) throw new Error("refused");
    const again = await result.request.formData();
    expect(again.get("name")).toBe("Category");
    expect(new Uint8Array(await (again.get("image") as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const plain = await checkedForm(post("firstName=Ayesha&city=Lahore", "application/x-www-form-urlencoded; charset=UTF-8"));
    if (!("request" in plain)) throw new Error("refused");
    expect(Object.fromEntries(await plain.request.formData())).toEqual({ firstName: "Ayesha", city: "Lahore" });
  });
});

describe("the bounded body reader", () => {
  const upload = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request("http://shop.test/admin/uploads", { method: "POST", body, headers });

  it("reads a body within the limit whole, and no body as empty", async () => {
    expect([...(await readBodyWithLimit(upload(new Uint8Array([1, 2, 3])), 3, "Too large."))]).toEqual([1, 2, 3]);
    expect((await readBodyWithLimit(upload(null), 3, "Too large.")).length).toBe(0);
  });

  it("refuses a body past the limit while reading it, and a declared length past it before reading", async () => {
    await expect(readBodyWithLimit(upload(new Uint8Array(4)), 3, "Too large.")).rejects.toEqual(new DomainError("INVALID", "Too large."));
    const declared = upload(new Uint8Array(1), { "content-length": "4000" });
    await expect(readBodyWithLimit(declared, 3, "Too large.")).rejects.toEqual(new DomainError("INVALID", "Too large."));
    expect(declared.bodyUsed).toBe(false);
  });
});
