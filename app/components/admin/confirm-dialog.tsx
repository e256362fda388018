import { useId, type ReactNode } from "react";
import { useAddressedDialog } from "./use-addressed-dialog";
import { FormAlert } from "~/components/ui/field";
import { NavigateButton } from "~/components/ui/navigate-button";

/**
 * A confirmation shown in the page, opened by its own address (e.g. `?delete=<id>`), so it also works
 * without JavaScript: the server renders it open. In the browser it becomes a modal `<dialog>`
 * (focus kept inside, Escape cancels). `children` holds the confirming form.
 */
export function ConfirmDialog({
  title,
  message,
  cancelTo,
  error,
  children,
}: {
  title: string;
  message: ReactNode;
  cancelTo: string;
  error?: string | null;
  children: ReactNode;
}) {
  const { titleId, dialogProps } = useAddressedDialog(cancelTo);
  const messageId = useId();

  return (
    <dialog
      {...dialogProps}
      role="alertdialog"
      aria-describedby={messageId}
      className="fixed inset-0 z-50 m-auto w-[min(32rem,92vw)] rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-2xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="font-serif text-xl text-leather-800">
        {title}
      </h2>
      <p id={messageId} className="mt-3 text-stone-700">
        {message}
      </p>
      <FormAlert message={error} compact className="mt-3" />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <NavigateButton
          to={cancelTo}
          preventScrollReset
          autoFocus
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
        >
          Cancel
        </NavigateButton>
        {children}
      </div>
    </dialog>
  );
}
