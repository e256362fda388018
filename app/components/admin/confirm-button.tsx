import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigate, useSubmit } from "react-router";
import { AddressButton } from "~/components/ui/navigate-button";
import { BUTTON, type ButtonKind } from "./control-styles";

/**
 * A button whose action asks first, as the spec's deletes do ("confirm 'Are you sure you want to
 * delete this product? …'"): pressed, it asks with the browser's own confirmation and the exact
 * text, and when that is accepted it posts `fields` to `action`. Dismissed, the same question is
 * shown in the page (ConfirmDialog at `to`), where it can still be answered or cancelled; that is
 * also what the button opens without scripts. Docs/decisions/0044. Its look is the kit's `kind`
 * (a row's delete: "rowDanger"); `className` adds placement.
 */
export function ConfirmButton({
  to,
  message,
  action,
  fields,
  kind,
  className,
  ...rest
}: {
  /** The address that shows the confirmation in the page (`?delete=<id>`, `?confirm=delete`). */
  to: string;
  /** The question, word for word. */
  message: string;
  /** Where the confirmed action posts. */
  action: string;
  fields: Record<string, string>;
  kind?: ButtonKind;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "onClick">) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const onPress = () => {
    if (window.confirm(message)) void submit(fields, { method: "post", action, preventScrollReset: true });
    else void navigate(to, { preventScrollReset: true });
  };
  return <AddressButton to={to} onPress={onPress} className={[kind && BUTTON[kind], className].filter(Boolean).join(" ")} {...rest} />;
}
