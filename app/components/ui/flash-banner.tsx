import { useEffect, useState } from "react";
import type { Flash, FlashKind } from "~/lib/flash";

const FLASH_MS = 5000;

/**
 * Each kind's colours and its mark: drawn by the stylesheet and named for screen readers ("Error"),
 * so that the banner's text is the message alone.
 */
const look: Record<FlashKind, { box: string; icon: string; label: string }> = {
  success: { box: "border-green-300 bg-green-50 text-green-900", icon: "before:content-['✓']", label: "Success" },
  error: { box: "border-red-300 bg-red-50 text-red-900", icon: "before:content-['!']", label: "Error" },
  info: { box: "border-sky-300 bg-sky-50 text-sky-900", icon: "before:content-['i']", label: "Note" },
};

/**
 * A one-time message from the server (e.g. 'Login successful!'), in the look of its kind, in the
 * page's flow right below the header (it never covers the header or the page's heading), announced
 * politely. Success and information go after a few seconds; an error stays until dismissed. Its
 * text is the message word for word, and nothing else: found by its exact words.
 */
export function FlashBanner({ flash }: { flash: Flash | null | undefined }) {
  const [shown, setShown] = useState(flash);
  useEffect(() => {
    setShown(flash);
    if (!flash || flash.kind === "error") return;
    const timer = setTimeout(() => setShown(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const style = shown ? look[shown.kind] : null;
  return (
    <div role="status" className="empty:hidden">
      {shown && style && (
        <div
          className={`mx-auto my-3 flex w-fit max-w-[min(42rem,92vw)] items-start gap-3 rounded-lg border px-4 py-3 shadow-sm ${style.box}`}
          data-kind={shown.kind}
        >
          <span
            role="img"
            aria-label={style.label}
            className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border border-current text-xs font-bold ${style.icon}`}
          />
          <p className="font-medium">{shown.message}</p>
          <button
            type="button"
            onClick={() => setShown(null)}
            className="-my-1 -mr-2 rounded p-1.5 opacity-70 hover:opacity-100"
            aria-label="Dismiss message"
          >
            {/* Drawn here, not taken from icons.tsx: every page has this banner, the storefront's icons only its own. */}
            <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
