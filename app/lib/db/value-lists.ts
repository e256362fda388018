/*
 * The fixed lists of values the shop stores, each declared once. The Drizzle tables
 * (db/tables/), the zod schemas and the TypeScript types all derive from these tuples;
 * the labels and rules of each list live with the module that owns it (orders/order-status.ts,
 * messages/submission-status.ts, accounts/roles.ts, accounts/genders.ts). Plain and browser-safe:
 * no imports. See docs/decisions/0030-one-declaration-per-list.md.
 */

/**
 * Order statuses, in the order the back office lists them: the spec's four, then Returned (a
 * shipped parcel that came back, docs/decisions/0054).
 */
export const ORDER_STATUSES = ["confirmed", "shipped", "completed", "cancelled", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What staff record after calling or messaging a customer to confirm an order (labels: orders/customer-contact.ts). */
export const CONFIRMATION_OUTCOMES = ["confirmed-by-phone", "no-answer", "customer-cancelled"] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/** Contact submission statuses. */
export const SUBMISSION_STATUSES = ["new", "read", "replied", "resolved"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The two staff roles. */
export const ADMIN_ROLES = ["admin", "main-admin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every role an account may have: a customer ('user') or staff. */
export const USER_ROLES = ["user", ...ADMIN_ROLES] as const;
export type Role = (typeof USER_ROLES)[number];

export const GENDERS = ["male", "female", "other"] as const;

/** What a product media file is. */
export const MEDIA_KINDS = ["image", "video"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Why a stock quantity moved (the stock movements trail); 'return': a returned parcel put back into its sizes. */
export const STOCK_MOVEMENT_REASONS = ["order", "cancel", "reinstate", "adjust", "return"] as const;

/** Where a scheduled backup stands (backup_runs, docs/decisions/0051). */
export const BACKUP_RUN_STATUSES = ["running", "succeeded", "failed"] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

/** What the back office's Trash holds (docs/decisions/0053). */
export const TRASH_KINDS = ["product", "category", "subscriber", "message", "admin"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];
