/**
 * The part of the shop's stylesheet a page needs, to write into its head instead of the whole
 * stylesheet (docs/decisions/0026-critical-css-and-memory.md).
 *
 * The stylesheet is Tailwind's output: a few thousand small rules named after the classes that use
 * them. A page keeps the rules whose selectors name only classes found in its markup, the theme
 * variables and registered properties those rules use (and the variables those use), and the
 * rest of the sheet (element defaults, keyframes) as it is. The sheet is parsed once; choosing a
 * page's part is a pass over its markup and over the parsed rules.
 */

/** A piece of the stylesheet: a style rule, a group (`@media`, `@layer` … holding pieces), or anything else, kept as written. */
type Piece =
  | { kind: "rule"; selector: string; classes: string[][]; body: string; custom: boolean }
  | { kind: "group"; prelude: string; children: Piece[] }
  | { kind: "property"; name: string; text: string }
  | { kind: "text"; text: string };

/** The index just past the block that opens at `open` (a `{`), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = css.indexOf(char, i + 1) === -1 ? css.length : skipString(css, i);
    else if (char === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || css.length;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** Splits `text` at `separator` where it is outside brackets and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(text, i);
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, escaped: string) =>
    /^[0-9a-fA-F]{1,6}\s?$/.test(escaped) ? String.fromCodePoint(parseInt(escaped, 16)) : escaped,
  );
}

/** The classes each comma-separated part of a selector names (those inside `:not(…)` aside: their absence matches). */
export function selectorClasses(selector: string): string[][] {
  return splitTopLevel(selector, ",").map((part) => {
    const positive = part.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "");
    return [...positive.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)].map((match) => unescapeIdent(match[1]));
  });
}

function parse(css: string): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      const stop = end === -1 ? css.length : end + 2;
      // Licence comments (`/*!`) stay.
      if (css[i + 2] === "!") pieces.push({ kind: "text", text: css.slice(i, stop) });
      i = stop;
      continue;
    }
    let open = i;
    while (open < css.length && css[open] !== "{" && css[open] !== ";") {
      // An escaped character (`\'` in `.before\:content-\[\'\!\'\]`) opens no string.
      if (css[open] === "\\") open++;
      else if (css[open] === '"' || css[open] === "'") open = skipString(css, open);
      open++;
    }
    if (open >= css.length || css[open] === ";") {
      pieces.push({ kind: "text", text: css.slice(i, open + 1) });
      i = open + 1;
      continue;
    }
    const prelude = css.slice(i, open).trim();
    const end = blockEnd(css, open);
    const inner = css.slice(open + 1, end - 1);
    if (/^@(media|supports|layer|container)\b/.test(prelude)) {
      pieces.push({ kind: "group", prelude, children: parse(inner) });
    } else if (prelude.startsWith("@property")) {
      pieces.push({ kind: "property", name: prelude.slice("@property".length).trim(), text: css.slice(i, end) });
    } else if (prelude.startsWith("@") || inner.includes("{")) {
      pieces.push({ kind: "text", text: css.slice(i, end) });
    } else {
      const body = inner.trim();
      const declarations = splitTopLevel(body, ";").filter((d) => d.trim());
      const classes = selectorClasses(prelude);
      pieces.push({
        kind: "rule",
        selector: prelude,
        classes,
        body,
        // Rules of no class that only declare variables (the theme, the properties' fallbacks):
        // they keep the variables in use.
        custom: classes.every((part) => part.length === 0) && declarations.length > 0 && declarations.every((d) => d.trim().startsWith("--")),
      });
    }
    i = end;
  }
  return pieces;
}

const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

function variablesUsedBy(text: string, into: Set<string>) {
  for (const match of text.matchAll(VARIABLE_USE)) into.add(match[1]);
}

export interface CriticalCss {
  /** The stylesheet a page with these classes needs. */
  forClasses(classes: Set<string>): string;
  /** The stylesheet the page with this markup (its text or its UTF-8 bytes) needs. */
  forMarkup(markup: string | Buffer): string;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
const CLASS_ATTRIBUTE = ' class="';

const CLASS_ATTRIBUTE_BYTES = Buffer.from(CLASS_ATTRIBUTE);

/**
 * The distinct values of a document's `class` attributes, as written (entities not decoded), read
 * from its text or its UTF-8 bytes. A page repeats its class lists (a grid of cards): each is
 * read once.
 */
function classAttributes(markup: string | Buffer): Set<string> {
  const values = new Set<string>();
  if (typeof markup === "string") {
    for (let at = markup.indexOf(CLASS_ATTRIBUTE); at !== -1; at = markup.indexOf(CLASS_ATTRIBUTE, at)) {
      const start = at + CLASS_ATTRIBUTE.length;
      const end = markup.indexOf('"', start);
      if (end === -1) break;
      values.add(markup.slice(start, end));
      at = end;
    }
    return values;
  }
  // The bytes are read as they are, without decoding the whole page: the attribute's quote and
  // space are single bytes in UTF-8, and a class name outside ASCII (the shop has none) would be
  // read as another name that no rule names, so it would only leave out a rule it could not use.
  for (let at = markup.indexOf(CLASS_ATTRIBUTE_BYTES); at !== -1; at = markup.indexOf(CLASS_ATTRIBUTE_BYTES, at)) {
    const start = at + CLASS_ATTRIBUTE_BYTES.length;
    const end = markup.indexOf(0x22, start);
    if (end === -1) break;
    values.add(markup.toString("latin1", start, end));
    at = end;
  }
  return values;
}

/** The classes named by these `class` attribute values, entities decoded. */
function classesIn(values: Iterable<string>): Set<string> {
  const classes = new Set<string>();
  for (let value of values) {
    if (value.includes("&")) value = value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Every class named in a document's `class` attributes, read from its text or its UTF-8 bytes. */
export function classesOf(markup: string | Buffer): Set<string> {
  return classesIn(classAttributes(markup));
}

/** How many pages' choices of styles are remembered. */
const CHOSEN_MAX = 256;

export function criticalCss(stylesheet: string): CriticalCss {
  const pieces = parse(stylesheet);

  // Every variable the sheet defines, with its value (the theme, the properties' fallbacks).
  const definitions: [string, string][] = [];
  const collect = (list: Piece[]) => {
    for (const piece of list) {
      if (piece.kind === "group") collect(piece.children);
      else if (piece.kind === "rule" && piece.custom) {
        for (const declaration of splitTopLevel(piece.body, ";")) {
          const colon = declaration.indexOf(":");
          if (colon > 0) definitions.push([declaration.slice(0, colon).trim(), declaration.slice(colon + 1)]);
        }
      }
    }
  };
  collect(pieces);

  const wanted = (rule: Extract<Piece, { kind: "rule" }>, classes: Set<string>) =>
    rule.classes.some((part) => part.every((name) => classes.has(name)));

  const forClasses = (classes: Set<string>) => {
    // First pass: the rules this page uses, and the variables they read.
    const used = new Set<string>();
    const keep = new Set<Piece>();
    const visit = (list: Piece[]) => {
      for (const piece of list) {
        if (piece.kind === "group") visit(piece.children);
        else if (piece.kind === "rule" && !piece.custom && wanted(piece, classes)) {
          keep.add(piece);
          variablesUsedBy(piece.body, used);
        } else if (piece.kind === "text") variablesUsedBy(piece.text, used);
      }
    };
    visit(pieces);
    // Variables defined from other variables: until nothing new is used.
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, value] of definitions) {
        if (!used.has(name)) continue;
        const before = used.size;
        variablesUsedBy(value, used);
        if (used.size > before) grew = true;
      }
    }

    const write = (list: Piece[]): string => {
      let out = "";
      for (const piece of list) {
        if (piece.kind === "text") out += piece.text;
        else if (piece.kind === "property") {
          if (used.has(piece.name)) out += piece.text;
        } else if (piece.kind === "group") {
          const inner = write(piece.children);
          if (inner) out += `${piece.prelude}{${inner}}`;
        } else if (piece.custom) {
          const kept = splitTopLevel(piece.body, ";").filter((declaration) => used.has(declaration.slice(0, declaration.indexOf(":")).trim()));
          if (kept.length) out += `${piece.selector}{${kept.join(";")}}`;
        } else if (keep.has(piece)) out += `${piece.selector}{${piece.body}}`;
      }
      return out;
    };
    return write(pieces);
  };

  // Pages of one kind use the same classes: their styles are chosen once, for the same class
  // attributes (cheaper to tell apart than the classes they name).
  const chosen = new Map<string, string>();
  const remembered = (key: string, choose: () => string) => {
    let css = chosen.get(key);
    if (css === undefined) {
      css = choose();
      if (chosen.size >= CHOSEN_MAX) chosen.delete(chosen.keys().next().value!);
      chosen.set(key, css);
    }
    return css;
  };
  const forKnownClasses = (classes: Set<string>) => remembered([...classes].sort().join(" "), () => forClasses(classes));
  const forMarkup = (markup: string | Buffer) => {
    const values = classAttributes(markup);
    return remembered(`\n${[...values].sort().join("\n")}`, () => forClasses(classesIn(values)));
  };
  return { forClasses: forKnownClasses, forMarkup };
}
