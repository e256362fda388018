/** A wait in seconds as a refusal names it: whole minutes, at least one ("1 minute", "7 minutes"). */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
