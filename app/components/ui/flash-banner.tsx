import { useEffect, useState } from "react";
import type { Flash, FlashKind } from "~/lib/flash";

export const FLASH_MS = 5000;

const look: Record<FlashKind, { box: string; icon: string; label: string }> = {
  success: { box: "border-green-300 bg-green-50 text-green-900", icon: "✓", label: "Success" },
  error: { box: "border-red-300 bg-red-50 text-red-900", icon: "!", label: "Error" },
  info: { box: "border-sky-300 bg-sky-50 text-sky-900", icon: "i", label: "Note" },
};

/**
 * A one-time message from the server (e.g. 'Login successful!'), in the look of its kind, in the
 * page's flow right below the header (it never covers the header or the page's heading), announced
 * politely. Success and information go after a few seconds; an error stays until dismissed.
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
            aria-hidden="true"
            className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border border-current text-xs font-bold"
          >
            {style.icon}
          </span>
          <p className="font-medium">
            <span className="sr-only">{style.label}: </span>
            {shown.message}
          </p>
          <button
            type="button"
            onClick={() => setShown(null)}
            className="-my-1 -mr-2 rounded px-2 py-1 text-lg leading-none opacity-70 hover:opacity-100"
            aria-label="Dismiss message"
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
