import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ColourSwatches } from "./product-options";

const variants = [
  { id: "a", name: "Olive", soleColor: "" },
  { id: "b", name: "Grey", soleColor: "" },
  { id: "c", name: "Plain", soleColor: "" },
  { id: "d", name: "Embossed", soleColor: "" },
];

function buttons(html: string) {
  return [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map(([, attrs, inner]) => ({
    label: /aria-label="([^"]*)"/.exec(attrs)?.[1] ?? null,
    pressed: /aria-pressed="true"/.test(attrs),
    tone: /background-color:([^;"]+)/.exec(inner)?.[1] ?? null,
    text: inner.replace(/<[^>]+>/g, "").trim(),
  }));
}

describe("colour swatches", () => {
  const html = renderToStaticMarkup(
    <ColourSwatches options={variants.map((variant, index) => ({ index, variant }))} selected={variants[2]} onSelect={() => {}} />,
  );
  const [olive, grey, plain, embossed] = buttons(html);

  it("shows each colour in its own tone with its name in sight, not all unknown ones in the same grey", () => {
    expect(olive).toMatchObject({ label: "Olive", text: "Olive" });
    expect(grey).toMatchObject({ label: "Grey", text: "Grey" });
    expect(olive.tone).toBeTruthy();
    expect(grey.tone).toBeTruthy();
    expect(olive.tone).not.toBe(grey.tone);
  });

  it("shows names that are not colours as words, so 'Plain' and 'Embossed' look different", () => {
    expect(plain).toMatchObject({ tone: null, text: "Plain", pressed: true });
    expect(embossed).toMatchObject({ tone: null, text: "Embossed", pressed: false });
  });
});
