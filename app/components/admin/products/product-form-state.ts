import type { FieldErrors } from "~/lib/form-errors";
import type { StockedVariant } from "~/modules/catalog/product-rules";
import { newVariantDefaults, productFormErrors, productFormSchema, type ProductFormInput } from "~/modules/catalog/product-form.schema";
import type { MediaKind } from "~/lib/db/value-lists";

// ------------------------------------------------------------------ shapes

export interface FormCategory {
  id: string;
  name: string;
}

export interface FormProduct {
  id: string;
  name: string;
  code: string;
  description: string;
  categoryIds: string[];
  variants: (StockedVariant & { media: { id: string; kind: MediaKind; storageKey: string; widths: number[] }[] })[];
}

/**
 * The save's refusal: `message` at the top of the form; a refused form's problems by field
 * (`fieldErrors`, keyed by path: 'name', 'variants.0.stock.1.qty'), as refuseForm answers them.
 */
export interface ProductFormFailure {
  ok: false;
  message: string;
  detail?: string;
  error?: string;
  fieldErrors?: FieldErrors;
  /** The same problems under their first name, which the save's tests read. */
  errors?: FieldErrors;
  /** No answer came back (~/lib/unanswered.ts). */
  unanswered?: true;
}

interface StockRowState {
  key: string;
  id?: string;
  size: string;
  qty: string;
  /** A kept row's quantity when the form was loaded: the server applies the difference. */
  loadedQty?: number;
}

export interface MediaState {
  key: string;
  id: string;
  kind: MediaKind;
  storageKey: string;
  widths: number[];
}

export interface UploadState {
  key: string;
  kind: MediaKind;
  name: string;
  progress: number;
  status: "uploading" | "done" | "failed";
  message?: string;
  token?: string;
  storageKey?: string;
  widths?: number[];
}

export interface VariantState {
  key: string;
  id?: string;
  name: string;
  soleColor: string;
  price: string;
  inOffer: boolean;
  discountPrice: string;
  stock: StockRowState[];
  media: MediaState[];
  uploads: UploadState[];
}

export interface FormState {
  name: string;
  code: string;
  description: string;
  categoryIds: string[];
  variants: VariantState[];
}

let counter = 0;
export const nextKey = () => `k${++counter}`;
const rupeesText = (paisa: number) => String(paisa / 100);

export function newVariant(isFirst: boolean): VariantState {
  const d = newVariantDefaults(isFirst);
  return { key: nextKey(), ...d, stock: d.stock.map((s) => ({ key: nextKey(), ...s })), media: [], uploads: [] };
}

export function initialState(product?: FormProduct): FormState {
  if (!product) return { name: "", code: "", description: "", categoryIds: [], variants: [newVariant(true)] };
  return {
    name: product.name,
    code: product.code,
    description: product.description,
    categoryIds: product.categoryIds,
    variants: product.variants.map((v) => ({
      key: nextKey(),
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: rupeesText(v.price),
      inOffer: v.inOffer,
      discountPrice: rupeesText(v.discountPrice),
      stock: v.stock.map((s) => ({ key: nextKey(), id: s.id, size: s.size, qty: String(s.qty), loadedQty: s.qty })),
      media: v.media.map((m) => ({ key: nextKey(), ...m })),
      uploads: [],
    })),
  };
}

export function toPayload(state: FormState): ProductFormInput {
  return {
    name: state.name,
    code: state.code,
    description: state.description,
    categoryIds: state.categoryIds,
    variants: state.variants.map((v) => ({
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: v.price,
      inOffer: v.inOffer,
      discountPrice: v.discountPrice,
      stock: v.stock.map((s) => ({ id: s.id, size: s.size, qty: s.qty, loadedQty: s.loadedQty })),
      media: v.media.map((m) => ({ id: m.id, kind: m.kind })),
      uploads: v.uploads.filter((u) => u.status === "done" && u.token).map((u) => ({ token: u.token!, kind: u.kind })),
    })),
  };
}

export function validate(state: FormState): Record<string, string> {
  const parsed = productFormSchema.safeParse(toPayload(state));
  return parsed.success ? {} : productFormErrors(parsed.error);
}
