import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { markupCache } from "./markup-cache.server";

function Counted({ label, onRender }: { label: string; onRender: () => void }) {
  onRender();
  return (
    <p>
      <Link to={`/product/${label}`}>{label}</Link> costs {label.length}
    </p>
  );
}

describe("kept markup", () => {
  it("renders a part once per key and answers the same HTML after", () => {
    const keep = markupCache({ maxBytes: 10_000 });
    let renders = 0;
    const first = keep("a", <Counted label="belt" onRender={() => renders++} />);
    const again = keep("a", <Counted label="belt" onRender={() => renders++} />);
    expect(renders).toBe(1);
    expect(again).toBe(first);
    // As on a page: the link's address and React's text separators.
    expect(first).toBe('<p><a href="/product/belt" data-discover="true">belt</a> costs <!-- -->4</p>');
  });

  it("draws what the element holds: a part under another key is rendered anew", () => {
    const keep = markupCache({ maxBytes: 10_000 });
    expect(keep("wallet", <Counted label="wallet" onRender={() => {}} />)).toContain(">wallet</a> costs <!-- -->6<");
    expect(keep("bag", <Counted label="bag" onRender={() => {}} />)).toContain(">bag</a> costs <!-- -->3<");
  });

  it("keeps at most its bytes, dropping the least recently used first", () => {
    let renders = 0;
    const part = (text: string) => <Counted label={text} onRender={() => renders++} />;
    const [a, b, c] = ["a", "b", "c"].map((letter) => letter.repeat(40));
    // What one part takes (its key and its markup), measured on a keeper of its own.
    const measure = markupCache({ maxBytes: 10_000 });
    measure(a, part(a));
    const each = measure.bytes;
    const keep = markupCache({ maxBytes: each * 2 });
    renders = 0;
    keep(a, part(a));
    keep(b, part(b));
    keep(a, part(a)); // a used again: b is now the oldest
    keep(c, part(c)); // over the bound: b goes
    expect(renders).toBe(3);
    expect(keep.size).toBe(2);
    expect(keep.bytes).toBe(each * 2);
    keep(a, part(a));
    expect(renders).toBe(3);
    keep(b, part(b));
    expect(renders).toBe(4);
  });

  it("does not keep a part larger than its whole bound, but still answers it", () => {
    const keep = markupCache({ maxBytes: 10 });
    expect(keep("big", <p>{"y".repeat(50)}</p>)).toBe(`<p>${"y".repeat(50)}</p>`);
    expect(keep.size).toBe(0);
  });

  it("refuses a part that asks for something in the page's head (a high-priority image)", () => {
    const keep = markupCache({ maxBytes: 10_000 });
    expect(() => keep("image", <img src="/a.webp" srcSet="/a-320.webp 320w" sizes="50vw" fetchPriority="high" alt="" />)).toThrow(/head/);
  });
});
