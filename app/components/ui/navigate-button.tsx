import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Form, useNavigate } from "react-router";

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "onClick">;

/**
 * A button that is a GET form to `to` (its query as hidden fields), so that without scripts it
 * opens that address; with scripts, `onPress` does what the button does instead. It must not stand
 * inside another form (forms do not nest). A press cannot act through React state that removes the
 * button (its form would be gone before it submits): `onPress` navigates or submits.
 */
export function AddressButton({ to, onPress, children, ...button }: { to: string; onPress: () => void; children: ReactNode } & ButtonProps) {
  const url = new URL(to, "http://shop.invalid");
  return (
    <Form
      method="get"
      action={url.pathname}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        onPress();
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

/**
 * A button that opens an address: another page, or a dialog or an inline edit opened by its
 * address (`?edit=…`, `?confirm=delete`). The back office's actions are buttons, as the spec names
 * them ("buttons Edit Product, Delete Product, Back to List", "Save/Cancel"), though all they do is
 * go somewhere; so are the storefront bar's Profile and its phone menu's Cart ("a Profile button
 * (goes to /login) and a Cart button") and About's calls to the shop and to contact. With scripts
 * it navigates to `to` exactly; without, it is a GET form to the same address, so it still works.
 */
export function NavigateButton({ to, preventScrollReset, ...rest }: { to: string; preventScrollReset?: boolean; children: ReactNode } & ButtonProps) {
  const navigate = useNavigate();
  return <AddressButton to={to} onPress={() => void navigate(to, { preventScrollReset })} {...rest} />;
}
