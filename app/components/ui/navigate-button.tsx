import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Form, useNavigate } from "react-router";

/**
 * A button that opens an address: another page, or a dialog or an inline edit opened by its
 * address (`?edit=…`, `?confirm=delete`). The back office's actions are buttons, as the spec names
 * them ("buttons Edit Product, Delete Product, Back to List", "Save/Cancel"), though all they do is
 * go somewhere; so are the storefront bar's Profile and its phone menu's Cart ("a Profile button
 * (goes to /login) and a Cart button"). With scripts it navigates to `to` exactly; without, it is a GET form to the same
 * address, so it still works. It must not stand inside another form (forms do not nest).
 */
export function NavigateButton({
  to,
  preventScrollReset,
  children,
  ...button
}: { to: string; preventScrollReset?: boolean; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "onClick">) {
  const navigate = useNavigate();
  const url = new URL(to, "http://shop.invalid");
  return (
    <Form
      method="get"
      action={url.pathname}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(to, { preventScrollReset });
      }}
    >
      {[...url.searchParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" {...button}>
        {children}
      </button>
    </Form>
  );
}
