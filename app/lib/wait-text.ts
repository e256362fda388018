/** A wait in seconds as a refusal names it: whole minutes, at least one ("1 minute", "7 minutes"). */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A wait that may be long: in minutes up to two hours, else in whole hours ("3 hours"). */
export function waitText(seconds: number): string {
  if (seconds <= 2 * 60 * 60) return minutesText(seconds);
  return `${Math.ceil(seconds / 3600)} hours`;
}
