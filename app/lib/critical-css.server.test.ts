import { describe, expect, it } from "vitest";
import { classesOf, criticalCss, selectorClasses } from "./critical-css.server";

const SHEET = [
  "/*! tailwindcss | MIT License */",
  "@layer properties{@supports (-webkit-hyphens:none){*,:before,:after{--tw-border-style:solid;--tw-shadow:0 0 #0000}}}",
  "@layer theme{:root,:host{--color-leather-50:#fbf7f1;--color-red-600:red;--spacing:.25rem;--font-sans:ui-sans-serif;--default-font-family:var(--font-sans)}}",
  "@layer base{*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family,system-ui)}}",
  "@layer utilities{.mt-2{margin-top:calc(var(--spacing) * 2)}.text-red-600{color:var(--color-red-600)}.border{border-style:var(--tw-border-style);border-width:1px}",
  ".from-a{--tw-gradient-from:red}.sm\\:flex{display:flex}.group:hover .group-hover\\:underline{text-decoration:underline}",
  ".w-1\\/2{width:50%}.\\[\\&\\>svg\\]\\:h-4>svg{height:1rem}.space-y-2>:not(:last-child){margin-block:.5rem}.peer:not(.open)~.x{color:red}",
  "@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:block{display:block}}}",
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-shadow{syntax:"*";inherits:false}',
  "@keyframes pulse{50%{opacity:.5}}",
].join("");

describe("selectorClasses", () => {
  it("reads escaped class names, per comma-separated part, leaving out :not()", () => {
    expect(selectorClasses(".sm\\:flex")).toEqual([["sm:flex"]]);
    expect(selectorClasses(".w-1\\/2,.group:hover .group-hover\\:underline")).toEqual([["w-1/2"], ["group", "group-hover:underline"]]);
    expect(selectorClasses(".\\[\\&\\>svg\\]\\:h-4>svg")).toEqual([["[&>svg]:h-4"]]);
    expect(selectorClasses(".peer:not(.open)~.x")).toEqual([["peer", "x"]]);
    expect(selectorClasses("*,:before")).toEqual([[], []]);
    expect(selectorClasses(".\\32 xl\\:p-2")).toEqual([["2xl:p-2"]]);
  });
});

describe("classesOf", () => {
  it("collects the classes of every class attribute, entities decoded", () => {
    const html = '<div class="mt-2  sm:flex"><svg class="[&amp;&gt;svg]:h-4"></svg><p class="">x</p></div>';
    expect([...classesOf(html)].sort()).toEqual(["[&>svg]:h-4", "mt-2", "sm:flex"]);
  });

  it("reads the same classes from a page's UTF-8 bytes as from its text, whatever else the page holds", () => {
    const html =
      '<p class="text-sm">Peshawari chappal — “hand-stitched”, ٹیکس</p><div class="mt-2 sm:flex"><span class="[&amp;&gt;svg]:h-4 mt-2">€</span></div><i class="x';
    expect([...classesOf(Buffer.from(html))].sort()).toEqual([...classesOf(html)].sort());
    expect([...classesOf(Buffer.from(html))].sort()).toEqual(["[&>svg]:h-4", "mt-2", "sm:flex", "text-sm"]);
  });
});

describe("criticalCss", () => {
  const sheet = criticalCss(SHEET);

  it("keeps the rules of the page's classes, with the variables and properties they use", () => {
    const css = sheet.forClasses(new Set(["mt-2", "border", "sm:flex", "[&>svg]:h-4"]));
    expect(css).toContain(".mt-2{margin-top:calc(var(--spacing) * 2)}");
    expect(css).toContain(".border{");
    expect(css).toContain(".\\[\\&\\>svg\\]\\:h-4>svg{height:1rem}");
    expect(css).toContain("@media (width>=40rem){.sm\\:flex{display:flex}}");
    expect(css).toContain("--spacing:.25rem");
    // Variables used by other variables, and by element defaults.
    expect(css).toContain("--default-font-family:var(--font-sans)");
    expect(css).toContain("--font-sans:ui-sans-serif");
    expect(css).toContain("@property --tw-border-style{");
    expect(css).toContain("*,:before,:after{--tw-border-style:solid}");
    // Element defaults, licence and keyframes stay as they are.
    expect(css).toContain("@layer base{*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family,system-ui)}}");
    expect(css).toContain("/*! tailwindcss | MIT License */");
    expect(css).toContain("@keyframes pulse{50%{opacity:.5}}");
  });

  it("leaves out the rules, variables and properties no class of the page uses", () => {
    const css = sheet.forClasses(new Set(["mt-2"]));
    expect(css).not.toContain("text-red-600");
    expect(css).not.toContain("--color-red-600");
    expect(css).not.toContain("--color-leather-50");
    expect(css).not.toContain(".border");
    expect(css).not.toContain("sm\\:");
    expect(css).not.toContain("@media");
    expect(css).not.toContain("--tw-shadow");
    expect(css).not.toContain("group-hover");
    expect(css).not.toContain(".space-y-2");
  });

  it("keeps a rule of several classes only when the page has all of them", () => {
    expect(sheet.forClasses(new Set(["group-hover:underline"]))).not.toContain("group-hover");
    expect(sheet.forClasses(new Set(["group", "group-hover:underline"]))).toContain(
      ".group:hover .group-hover\\:underline{text-decoration:underline}",
    );
    // A utility that only sets variables is kept like any other.
    expect(sheet.forClasses(new Set(["from-a"]))).toContain(".from-a{--tw-gradient-from:red}");
  });

  it("reads a selector with an escaped quote, such as before:content-['!'], as one rule and goes on reading the sheet", () => {
    const quoted = criticalCss(
      "@layer utilities{.before\\:content-\\[\\'\\!\\'\\]:before{--tw-content:\"!\";content:var(--tw-content)}.mt-2{margin-top:.5rem}.hidden{display:none}}",
    );
    expect(quoted.forClasses(new Set(["mt-2"]))).toBe("@layer utilities{.mt-2{margin-top:.5rem}}");
    expect(quoted.forClasses(new Set(["before:content-['!']"]))).toBe(
      "@layer utilities{.before\\:content-\\[\\'\\!\\'\\]:before{--tw-content:\"!\";content:var(--tw-content)}}",
    );
  });

  it("keeps the whole sheet for a page using every class", () => {
    const all = new Set([
      "mt-2",
      "text-red-600",
      "border",
      "from-a",
      "sm:flex",
      "sm:block",
      "group",
      "group-hover:underline",
      "w-1/2",
      "[&>svg]:h-4",
      "space-y-2",
      "peer",
      "x",
      "shadow",
    ]);
    expect(sheet.forClasses(all).length).toBeGreaterThan(SHEET.length - 200);
  });
});
