import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Issue 33, goal 3: every admin screen is built from one kit. A screen's buttons, links styled as
 * buttons, inputs, selects, text areas and tick boxes take their look from the kit
 * (control-styles.ts through controls.tsx, field.tsx, list-controls.tsx), and a status is drawn by
 * StatusBadge. This test reads every .tsx under app/routes/admin/ and app/components/admin/ but the
 * kit's own files, and names each file and line that writes one of those looks by hand:
 *
 * 1. A control with a look of its own: a <button>, <a>, <input>, <select>, <textarea> (or Link,
 *    NavLink, NavigateButton, AddressButton, ConfirmButton, which draw one) whose className holds a
 *    background (bg-), border (border), corner (rounded), padding (p-, px-, py-, …) or tick colour
 *    (accent-) utility, in any variant (hover:bg-…, xl:px-…). The class text is what the attribute
 *    writes: string and template literals, and the strings of a const it names from the same file.
 *    Placement (margins, widths, grid cells, text colour) is free.
 * 2. A hand-made status badge: any element whose className holds a pill (rounded-full) with padding
 *    and a background.
 * 3. A filled button's colour (bg-leather-7xx, bg-red-7xx) anywhere in the file's strings.
 * 4. The storefront's SubmitButton (components/ui/field.tsx): a staff form's button is the kit's
 *    Button (kind="primary", busy, busyLabel), so the back office has one.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const FOLDERS = ["app/routes/admin", "app/components/admin"];
/** The kit itself: the only admin files that may write these looks. */
const KIT = new Set(
  [
    "control-styles.ts",
    "controls.tsx",
    "index-table.tsx",
    "list-controls.tsx",
    "status-badge.tsx",
    "stat-card.tsx",
    "confirm-button.tsx",
    "confirm-dialog.tsx",
  ].map((f) => `app/components/admin/${f}`),
);
const CONTROLS = new Set(["button", "a", "input", "select", "textarea", "Link", "NavLink", "NavigateButton", "AddressButton", "ConfirmButton"]);

const LOOK = /^(bg-|border(-|$)|rounded(-|$)|p[xytrblse]?-|accent-)/;
const FILLED = /\bbg-(leather|red)-7\d\d\b/;

function tsxFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".tsx"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** The utilities of a class text, without their variants (hover:, xl:, file:). */
const utilities = (text: string) => text.split(/\s+/).map((t) => t.slice(t.lastIndexOf(":") + 1).replace(/^!/, ""));

interface KitFinding {
  file: string;
  line: number;
  rule: "control" | "badge" | "filled" | "storefront-button";
  text: string;
}

/** What one file writes by hand that the kit draws. */
function findHandStyling(file: string, source: string): KitFinding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: KitFinding[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

  // The strings each const of the file holds, so `className={STYLE}` is read as what STYLE says.
  const consts = new Map<string, ts.Node>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(sf);

  const textsOf = (node: ts.Node, seen = new Set<string>()): string[] => {
    const out: string[] = [];
    const walk = (n: ts.Node) => {
      if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) out.push(n.text);
      else if (ts.isIdentifier(n) && consts.has(n.text) && !seen.has(n.text)) {
        seen.add(n.text);
        out.push(...textsOf(consts.get(n.text)!, seen));
      }
      // A property of something else (BUTTON.row, an object's key) is not read as a const of the file.
      if (ts.isPropertyAccessExpression(n)) return walk(n.expression);
      ts.forEachChild(n, walk);
    };
    walk(node);
    return out;
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(sf);
      if (tag === "SubmitButton") findings.push({ file, line: lineOf(node), rule: "storefront-button", text: "<SubmitButton>" });
      const className = node.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText(sf) === "className");
      if (className && ts.isJsxAttribute(className) && className.initializer) {
        const text = textsOf(className.initializer).join(" ");
        const used = utilities(text);
        if (CONTROLS.has(tag) && used.some((u) => LOOK.test(u)))
          findings.push({ file, line: lineOf(node), rule: "control", text: `<${tag}> ${text.trim().replace(/\s+/g, " ")}` });
        else if (used.includes("rounded-full") && used.some((u) => /^bg-/.test(u)) && used.some((u) => /^p[xy]?-/.test(u)))
          findings.push({ file, line: lineOf(node), rule: "badge", text: `<${tag}> ${text.trim().replace(/\s+/g, " ")}` });
      }
    }
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && FILLED.test(node.text))
      findings.push({ file, line: lineOf(node), rule: "filled", text: node.text.trim() });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

describe("the admin kit (issue 33, goal 3)", () => {
  const files = FOLDERS.flatMap(tsxFiles).filter((f) => !KIT.has(f));
  const report = (found: KitFinding[]) => found.map((f) => `${f.file}:${f.line} [${f.rule}] ${f.text}`);

  it("reads every admin screen", () => {
    expect(files).toContain("app/routes/admin/orders.tsx");
    expect(files).toContain("app/components/admin/orders/order-list.tsx");
  });

  it("no admin screen writes the look of a button, link, field, tick box or status badge by hand", () => {
    const found = files.flatMap((f) => findHandStyling(f, readFileSync(path.join(ROOT, f), "utf8")));
    expect(report(found)).toEqual([]);
  });

  it("finds each kind of hand-written look", () => {
    const found = findHandStyling(
      "x.tsx",
      [
        `const STEP = "rounded-md px-3";`,
        `<button className={\`\${STEP} text-white\`}>Go</button>;`,
        `<input className="mt-2 xl:border-stone-300" />;`,
        `<span className="rounded-full bg-blue-100 px-2">New</span>;`,
        `const on = "bg-red-700";`,
        `<Button kind="primary" className="mt-2 w-full">Fine</Button>;`,
        `<a className={BUTTON.row} href="/">Fine</a>;`,
        `<span className="h-2 w-2 rounded-full bg-green-600" />;`,
        `<SubmitButton busy={false} busyLabel="Saving...">Save</SubmitButton>;`,
      ].join("\n"),
    );
    expect(found.map((f) => [f.line, f.rule])).toEqual([
      [2, "control"],
      [3, "control"],
      [4, "badge"],
      [5, "filled"],
      [9, "storefront-button"],
    ]);
  });
});
