/**
 * The original shop's collections and field names (docs/operations.md "Moving from the original shop",
 * docs/decisions/0028), in one place: every other file of the import names them through these constants.
 */

import type { OrderStatus } from "~/lib/db/value-lists";

export const COLLECTIONS = ["categories", "products", "users", "orders", "contactSubmissions", "subscribers"] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const CATEGORY = {
  name: "CategoryName",
  image: "CatImgUrl",
  created: "DateCreated",
  /** Stored count: never imported, the shop counts the products of a category itself. */
  productCount: "ProductCount",
} as const;

export const PRODUCT = {
  name: "PName",
  description: "PDesc",
  categories: "PCategories",
  code: "PCode",
  rating: "PRating",
  reviews: "PReviews",
  added: "PDateAdded",
  modified: "PDateModified",
  variants: "PType",
} as const;

export const VARIANT = {
  id: "id",
  name: "PTypeName",
  soleColor: "PSoleColor",
  price: "PPrice",
  inOffer: "PInOffer",
  discountPrice: "PDiscountPrice",
  images: "PImgUrls",
  videos: "PVidUrls",
  stock: "PStock",
} as const;

export const STOCK = { id: "id", size: "Size", qty: "Qty" } as const;

export const ORDER = {
  number: "orderId",
  date: "date",
  customer: "customer",
  address: "shippingAddress",
  paymentMethod: "paymentMethod",
  items: "items",
  subtotal: "subtotal",
  tax: "tax",
  shipping: "shipping",
  total: "total",
  status: "status",
  notes: "notes",
  timestamp: "timestamp",
  created: "createdAt",
  updated: "updatedAt",
} as const;

export const CUSTOMER = { firstName: "firstName", lastName: "lastName", email: "email", phone: "phone", alternatePhone: "alternatePhone" } as const;

export const ADDRESS = {
  street: "streetAddress",
  apartment: "apartment",
  city: "city",
  state: "state",
  zip: "zipCode",
  country: "country",
  landmark: "landmark",
} as const;

export const ORDER_ITEM = {
  productId: "productID",
  variantKey: "productVariantKey",
  name: "productName",
  image: "productImage",
  color: "productColor",
  size: "productSize",
  quantity: "productQuantity",
  price: "productPrice",
  discountPrice: "productDiscountPrice",
} as const;

export const SUBMISSION = {
  name: "name",
  email: "email",
  phone: "phone",
  subject: "subject",
  message: "message",
  status: "status",
  read: "read",
  created: "createdAt",
  updated: "updatedAt",
} as const;

export const USER = {
  uid: "UID",
  firstName: "FirstName",
  lastName: "LastName",
  gender: "Gender",
  numberCode: "NumberCode",
  number: "Number",
  role: "Role",
  email: "Email",
  created: "CreatedAt",
} as const;

/**
 * Fields of a user record that may hold a password: the original kept staff passwords in plain
 * text in the record. They are removed before anything else reads the record, and never logged.
 */
export const PASSWORD_FIELD = /pass(word)?|pwd/i;

export const SUBSCRIBER = { email: "email", subscribed: "subscribedAt" } as const;

/**
 * What the original's status words become here. The shop's own words map to themselves; these are
 * the other spellings an older version or a hand edit left behind. Anything else is reported.
 */
export const ORDER_STATUS_WORDS: Record<string, OrderStatus> = {
  pending: "confirmed",
  processing: "confirmed",
  placed: "confirmed",
  new: "confirmed",
  dispatched: "shipped",
  "in transit": "shipped",
  delivered: "completed",
  complete: "completed",
  canceled: "cancelled",
  refused: "returned",
};

export const SUBMISSION_STATUS_WORDS: Record<string, "new" | "read" | "replied" | "resolved"> = {
  unread: "new",
  open: "new",
  answered: "replied",
  closed: "resolved",
  done: "resolved",
};

export const ROLE_WORDS: Record<string, "user" | "admin" | "main-admin"> = {
  mainadmin: "main-admin",
  main_admin: "main-admin",
  "main admin": "main-admin",
  customer: "user",
};
