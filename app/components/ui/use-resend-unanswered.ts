import { useRef, useState } from "react";
import { isUnanswered } from "~/lib/unanswered";

/**
 * When a form's answer never arrives, it is sent again by itself after these waits (the proxy
 * checks its instances every second, decision 0069), then left to the shopper (decision 0070).
 */
const RESEND_AFTER_MS = [1_000, 2_000] as const;

/**
 * Sends a form that is safe to send twice (checkout's: its idempotency key) and, when no answer
 * came back (isUnanswered, ~/lib/unanswered.ts), the same form again after RESEND_AFTER_MS.
 * `waiting` is true between an unanswered send and the next. Call `resendIfUnanswered` with each
 * answer: it schedules the next send and returns its cancel (for an effect's cleanup: a page left
 * meanwhile sends nothing), or, for an answer, or once the waits are used up, forgets the form and
 * returns null.
 */
export function useResendUnanswered(submit: (form: FormData) => void) {
  const sent = useRef<{ form: FormData; resent: number } | null>(null);
  const [waiting, setWaiting] = useState(false);
  return {
    waiting,
    send(form: FormData) {
      sent.current = { form, resent: 0 };
      submit(form);
    },
    resendIfUnanswered(result: unknown): (() => void) | null {
      const again = sent.current;
      if (!again || !isUnanswered(result) || again.resent >= RESEND_AFTER_MS.length) {
        sent.current = null;
        return null;
      }
      setWaiting(true);
      const timer = setTimeout(() => {
        setWaiting(false);
        submit(again.form);
      }, RESEND_AFTER_MS[again.resent++]);
      return () => clearTimeout(timer);
    },
  };
}
