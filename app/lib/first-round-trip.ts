/**
 * What a new connection's first round trip carries, status line and headers included: TCP's
 * initial window, 10 segments of 1,460 bytes. A page over it reaches a phone on a slow network one
 * round trip (150–300 ms) later. Compressions aim under it where a little more effort gets there
 * (server/middleware/compression.ts for pages rendered per request, page-cache.server.ts for kept
 * ones).
 */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** How far over the first round trip a page may be for harder compression to be tried on it. */
export const WORTH_FITTING = 1.3;
