import { useEffect, useRef, useState, type FormEvent } from "react";

const NEWSLETTER_MESSAGE_MS = 5000;
export const NEWSLETTER_SUCCESS = "Thank you for subscribing! 🎉";
export const NEWSLETTER_FAILURE = "Subscription failed. Please try again.";

/** `field`: the address itself was refused (the answer's `fieldErrors.email`), so the input is marked. */
type Message = { ok: boolean; text: string; field?: boolean };

/** Posts the address to /subscribe; any answer other than `{ ok: true }` (or no answer at all) is a failure. */
async function sendSubscription(email: string): Promise<Message> {
  try {
    const response = await fetch("/subscribe", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ email }),
    });
    const result = (await response.json().catch(() => null)) as { ok?: unknown; message?: unknown; fieldErrors?: { email?: unknown } } | null;
    if (response.ok && result?.ok === true) return { ok: true, text: NEWSLETTER_SUCCESS };
    // A rejected address (400) or a throttle (429) says why; anything else is the generic failure.
    if ((response.status === 400 || response.status === 429) && typeof result?.message === "string")
      return { ok: false, text: result.message, field: typeof result.fieldErrors?.email === "string" };
    return { ok: false, text: NEWSLETTER_FAILURE };
  } catch {
    return { ok: false, text: NEWSLETTER_FAILURE };
  }
}

/**
 * Footer newsletter form: idle → 'Sending...' (input and button disabled) → a message that clears
 * after 5 seconds. Without JavaScript it is a plain POST to /subscribe, which redirects back.
 */
export function NewsletterForm() {
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), NEWSLETTER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get("email");
    // Blank input is ignored, and so is a second submission while one is in flight.
    if (inFlight.current || typeof email !== "string" || email.trim() === "") return;
    inFlight.current = true;
    setSubmitting(true);
    setMessage(null);
    const result = await sendSubscription(email.trim());
    inFlight.current = false;
    setSubmitting(false);
    setMessage(result);
    if (result.ok) form.reset();
  }

  return (
    <form method="post" action="/subscribe" className="flex flex-col gap-2" onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor="newsletter-email" className="text-sm font-medium text-leather-100">
        Subscribe to our newsletter
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          disabled={submitting}
          aria-invalid={message?.field ? true : undefined}
          aria-describedby={message?.field ? "newsletter-message" : undefined}
          className="min-w-0 flex-1 rounded-md border border-leather-600 bg-leather-900 px-3 py-2 text-sm text-white placeholder:text-leather-300 disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-leather-300 px-4 py-2 text-sm font-semibold text-leather-900 hover:bg-leather-200 disabled:opacity-60"
        >
          {submitting ? "Sending..." : "Subscribe"}
        </button>
      </div>
      <p id="newsletter-message" role="status" aria-live="polite" className={`min-h-5 text-sm ${message?.ok ? "text-green-300" : "text-red-300"}`}>
        {message?.text}
      </p>
    </form>
  );
}
