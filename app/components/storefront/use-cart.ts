import { useEffect, useEffectEvent, useMemo } from "react";
import { useFetcher } from "react-router";
import type { CartLine } from "~/modules/cart/cart-line";
import { readCart, writeCart } from "~/modules/cart/cart-storage";
import { useStoredCart } from "./use-cart-count";
import { toPaisa, totalsFor } from "~/modules/catalog/pricing";
import type { DrawnCart, PricedLine } from "~/modules/cart/cart-line";

export type LineProblem = "unavailable" | "sold-out" | "short" | null;

export interface CartRow {
  line: CartLine;
  priced: PricedLine | undefined;
  problem: LineProblem;
}

function lineProblem(line: CartLine, priced: PricedLine | undefined): LineProblem {
  if (!priced) return null;
  if (!priced.found) return "unavailable";
  if (priced.available <= 0) return "sold-out";
  if (priced.available < line.productQuantity) return "short";
  return null;
}

const lineId = (l: { productID: string; productVariantKey: string }) => `${l.productID}|${l.productVariantKey}`;

/** What the server is told about a cart: which items and how many, never a price. */
export function cartPayload(lines: CartLine[]): string {
  return JSON.stringify(
    lines.map(({ productID, productVariantKey, productSize, productQuantity }) => ({ productID, productVariantKey, productSize, productQuantity })),
  );
}

/**
 * What one unit of a line costs, in paisa: the server's price once it has answered, until then the
 * price stored when the line was added (so the cart never shows PKR 0.00 while prices are re-read);
 * null for an item the shop no longer has.
 */
export function unitPriceOf(row: CartRow): number | null {
  if (row.priced) return row.priced.found ? row.priced.unitPrice : null;
  return storedUnitPrice(row.line);
}

/** The unit price, in paisa, stored with a cart line when it was added (a hint only). */
export function storedUnitPrice(line: CartLine): number {
  return toPaisa(line.productDiscountPrice ?? line.productPrice ?? 0);
}

const signatureOf = (lines: CartLine[] | null) => lines?.map((l) => `${lineId(l)}:${l.productQuantity}`).join(",") ?? "";

/**
 * The browser's cart, priced by the server: prices and stock come from the database (via the /cart
 * action, or the page's loader when it drew the cart from its cookie: `drawn`), never from what
 * the browser stored. Until the page's scripts have read localStorage, the cart is the one the
 * server drew (so the page hydrates what it was sent); from then on, localStorage's. Follows
 * `cartUpdated` and other tabs.
 */
export function useCart(drawn: DrawnCart | null = null) {
  const stored = useStoredCart();
  const lines = stored ?? drawn?.lines ?? null;
  const fetcher = useFetcher<{ lines: PricedLine[] }>({ key: "cart-prices" });

  // Ask the server for prices and stock whenever the set of items or a quantity changes, unless
  // the server priced these very lines for the page.
  const signature = signatureOf(lines);
  const drawnSignature = drawn ? signatureOf(drawn.lines) : null;
  const { submit } = fetcher;
  const reprice = useEffectEvent(() => {
    if (!lines || lines.length === 0 || signature === drawnSignature) return;
    void submit({ cart: cartPayload(lines) }, { method: "post", action: "/cart" });
  });
  useEffect(() => reprice(), [signature]);

  const pricedBy = useMemo(
    () => new Map([...(drawn?.priced ?? []), ...(fetcher.data?.lines ?? [])].map((p) => [lineId(p), p])),
    [drawn, fetcher.data],
  );
  const rows: CartRow[] = (lines ?? []).map((line) => {
    const priced = pricedBy.get(lineId(line));
    return { line, priced, problem: lineProblem(line, priced) };
  });
  const priced = rows.every((r) => r.priced);
  const totals = totalsFor(
    rows.flatMap((r) => {
      const unitPrice = unitPriceOf(r);
      return unitPrice === null ? [] : [{ unitPrice, quantity: r.line.productQuantity }];
    }),
  );

  const update = (next: CartLine[]) => writeCart(next);
  // Changes start from localStorage's cart, never from the copy the server drew.
  const current = () => stored ?? readCart();
  return {
    loaded: lines !== null,
    rows,
    priced,
    pricing: fetcher.state !== "idle",
    totals,
    hasProblems: rows.some((r) => r.problem),
    setQuantity(line: CartLine, quantity: number) {
      update(current().map((l) => (lineId(l) === lineId(line) ? { ...l, productQuantity: quantity } : l)));
    },
    remove(line: CartLine) {
      update(current().filter((l) => lineId(l) !== lineId(line)));
    },
    clear() {
      update([]);
    },
    /** Brings every line in line with the stock the server reported. */
    fixProblems(available: Map<string, number>) {
      update(
        current()
          .map((l) => {
            const left = available.get(lineId(l));
            return left === undefined ? l : { ...l, productQuantity: Math.min(l.productQuantity, left) };
          })
          .filter((l) => l.productQuantity > 0),
      );
    },
  };
}

export { lineId };
