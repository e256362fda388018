/** A size at or below this many units is shown to staff as low on stock. */
export const LOW_STOCK_THRESHOLD = 2;
