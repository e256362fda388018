import pino from "pino";

/**
 * The shop's logger. Its level is set from the checked configuration (`LOG_LEVEL`) when the server
 * starts; until then, and in tests, it is `info` (`silent` under the test runner).
 */
export const logger = pino({
  level: process.env.NODE_ENV === "test" ? "silent" : "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
