import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { useAddressedDialog } from "./use-addressed-dialog";
import { BUTTON } from "./control-styles";
import { FormAlert } from "~/components/ui/field";
import { NavigateButton } from "~/components/ui/navigate-button";

/**
 * The question a delete asks in the page (docs/decisions/0055), opened by its own address (e.g.
 * `?delete=<id>`), so it also works without JavaScript: the server renders it open. In the browser
 * it becomes a modal `<dialog>` (focus kept inside, Escape cancels). Its confirming button posts
 * `fields` to `action`; Cancel goes back to `cancelTo`.
 */
export function ConfirmDialog({
  title,
  message,
  cancelTo,
  error,
  action,
  fields,
  confirmLabel,
  busy = false,
}: {
  title: string;
  message: ReactNode;
  cancelTo: string;
  error?: string | null;
  /** Where the confirmed action posts. */
  action: string;
  fields: Record<string, string>;
  /** The confirming button's words (Delete Product, Empty Trash). */
  confirmLabel: string;
  busy?: boolean;
}) {
  const { titleId, dialogProps } = useAddressedDialog(cancelTo);
  const messageId = useId();

  return (
    <dialog
      {...dialogProps}
      role="alertdialog"
      aria-describedby={messageId}
      className="fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(32rem,92vw)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-2xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="font-serif text-xl wrap-anywhere text-leather-800">
        {title}
      </h2>
      <p id={messageId} className="mt-3 wrap-anywhere text-stone-700">
        {message}
      </p>
      <FormAlert message={error} compact className="mt-3" />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <NavigateButton to={cancelTo} preventScrollReset autoFocus className={BUTTON.quiet}>
          Cancel
        </NavigateButton>
        <Form method="post" action={action} preventScrollReset>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" disabled={busy} className={BUTTON.danger}>
            {busy ? "Deleting..." : confirmLabel}
          </button>
        </Form>
      </div>
    </dialog>
  );
}
