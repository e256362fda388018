import { useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * A dialog opened by its own address (`?view=…`, `?delete=…`), so it also works without JavaScript:
 * the server renders it open. Once the page is hydrated it becomes a modal `<dialog>` (focus kept
 * inside), and Escape goes to `closeTo`. Spread `dialogProps` on the `<dialog>`; `titleId` names it.
 */
export function useAddressedDialog(closeTo: string) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (hydrated && dialog && !dialog.open) dialog.showModal();
  }, [hydrated]);

  return {
    titleId,
    dialogProps: {
      ref,
      open: hydrated ? undefined : true,
      "aria-modal": hydrated ? true : undefined,
      "aria-labelledby": titleId,
      onCancel: (event: React.SyntheticEvent<HTMLDialogElement>) => {
        event.preventDefault();
        void navigate(closeTo, { preventScrollReset: true });
      },
    },
  };
}
