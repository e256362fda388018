/**
 * The cart line as kept in browser storage under `shoppingCart` (docs/product.md#cart). The browser's copy
 * is only a wish list: the server recomputes every price from the database.
 */
export const CART_STORAGE_KEY = "shoppingCart";
export const CART_UPDATED_EVENT = "cartUpdated";

export interface CartLine {
  productID: string;
  productVariantKey: string;
  productSize: string;
  productQuantity: number;
  productName: string;
  /** Price in rupees as shown when the line was added (a hint; the server's price wins). */
  productPrice: number;
  /** Discounted price in rupees, or null when no discount applied. */
  productDiscountPrice: number | null;
  productImage: string;
  productColor: string;
}

/**
 * The variant key: the variant id plus size, or (without an id) the colour/type name with spaces
 * turned to underscores plus size.
 */
export function variantKey(variant: { id?: string | null; name: string }, size: string): string {
  const base = variant.id ? variant.id : variant.name.replace(/ /g, "_");
  return `${base}_${size}`;
}

/**
 * Splits a variant key back into the variant it names: an id (`{id}_{size}`) or, for keys made
 * from a name, the name with underscores.
 */
export function parseVariantKey(key: string, size: string): string {
  const suffix = `_${size}`;
  return key.endsWith(suffix) ? key.slice(0, key.length - suffix.length) : key;
}

/** A browser cart line as the database sees it now: current price and stock. */
export interface PricedLine {
  productID: string;
  productVariantKey: string;
  productSize: string;
  quantity: number;
  found: boolean;
  productId?: string;
  variantId?: string;
  stockId?: string;
  productName: string;
  variantName: string;
  color: string;
  image: string;
  price: number;
  discountPrice: number | null;
  unitPrice: number;
  available: number;
}

/**
 * A browser cart line made from what the server knows of it (a reorder, a cart read from its
 * cookie): name, prices (in rupees, as the browser keeps them), picture and colour from the
 * database, the quantity given.
 */
export function cartLineOf(input: Pick<CartLine, "productID" | "productVariantKey" | "productSize">, priced: PricedLine, quantity: number): CartLine {
  return {
    productID: input.productID,
    productVariantKey: input.productVariantKey,
    productSize: input.productSize,
    productQuantity: quantity,
    productName: priced.productName,
    productPrice: priced.price / 100,
    productDiscountPrice: priced.discountPrice === null ? null : priced.discountPrice / 100,
    productImage: priced.image,
    productColor: priced.color,
  };
}

/** A cart the server draws from the cart's cookie (docs/decisions/0062): the lines as the browser would keep them, each priced from the database. */
export interface DrawnCart {
  lines: CartLine[];
  priced: PricedLine[];
}
