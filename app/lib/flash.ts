/** The kinds of one-time message (docs/product.md): each has its own look; all are announced politely. */
export const FLASH_KINDS = ["success", "error", "info"] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];

export interface Flash {
  message: string;
  kind: FlashKind;
}
