import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

export const NEWSLETTER_MESSAGE_MS = 5000;
export const NEWSLETTER_SUCCESS = "Thank you for subscribing! 🎉";
export const NEWSLETTER_FAILURE = "Subscription failed. Please try again.";

type Result = { ok: true } | { ok: false; message?: string };

/** Footer newsletter form: idle → 'Sending...' → a message that clears after 5 seconds. */
export function NewsletterForm() {
  const fetcher = useFetcher<Result>({ key: "newsletter" });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    setMessage(result.ok ? { ok: true, text: NEWSLETTER_SUCCESS } : { ok: false, text: result.message ?? NEWSLETTER_FAILURE });
    if (result.ok) formRef.current?.reset();
    const timer = setTimeout(() => setMessage(null), NEWSLETTER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/subscribe"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        // Blank input is ignored, and so is a second submission while one is in flight.
        if (submitting || typeof email !== "string" || email.trim() === "") event.preventDefault();
      }}
    >
      <label htmlFor="newsletter-email" className="text-sm font-medium text-leather-100">
        Subscribe to our newsletter
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          disabled={submitting}
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
      <p role="status" aria-live="polite" className={`min-h-5 text-sm ${message?.ok ? "text-green-300" : "text-red-300"}`}>
        {message?.text}
      </p>
    </fetcher.Form>
  );
}
