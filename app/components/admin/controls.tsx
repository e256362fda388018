import type { AnchorHTMLAttributes, ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import { BUTTON, CONTROL, controlBorder, type ButtonKind } from "./control-styles";

/*
 * The back office's buttons and bare controls, one look per kind (control-styles.ts). A screen
 * never writes these looks itself: admin-kit.test.ts fails on a button, link, input, select or
 * text area whose class names carry a background, border or padding of their own. `className`
 * here is for placement only (a margin, a width, a grid cell).
 */

const join = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(" ");

/**
 * A button of one kind. `busy` disables it and shows `busyLabel` while its form is on its way
 * ("Saving..."). It is a plain button unless `type` says otherwise.
 */
export function Button({
  kind,
  busy = false,
  busyLabel,
  className,
  type = "button",
  disabled,
  children,
  ...button
}: { kind: ButtonKind; busy?: boolean; busyLabel?: ReactNode; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} disabled={disabled || busy} className={join(BUTTON[kind], className)} {...button}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

/** A link within the shop that looks like a button of one kind: Back to Orders, Download. */
export function ButtonLink({ kind, className, ...link }: { kind: ButtonKind } & LinkProps) {
  return <Link className={join(BUTTON[kind], className)} {...link} />;
}

/** A link out of the page that looks like a button of one kind: Call (tel:), WhatsApp, a file. */
export function ButtonAnchor({
  kind,
  className,
  children,
  ...anchor
}: { kind: ButtonKind; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={join(BUTTON[kind], className)} {...anchor}>
      {children}
    </a>
  );
}

/** The panel an ask-first step or a move's own small form sits in (Ship order: courier and CN). */
export const ASK_PANEL = "rounded-md border border-amber-300 bg-amber-50 p-3";

type ControlSize = keyof typeof CONTROL;

/** A select whose label stands elsewhere (a `<label>` around it or `htmlFor`). `invalid` marks a refused value. */
export function SelectControl({
  size = "plain",
  invalid = false,
  className,
  ...select
}: { size?: ControlSize; invalid?: boolean } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "size">) {
  return <select aria-invalid={invalid || undefined} className={join(CONTROL[size], controlBorder(invalid), className)} {...select} />;
}

/** An input whose label stands elsewhere. `invalid` marks a refused value. */
export function InputControl({
  size = "plain",
  invalid = false,
  className,
  ...input
}: { size?: ControlSize; invalid?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, "size">) {
  return <input aria-invalid={invalid || undefined} className={join(CONTROL[size], controlBorder(invalid), className)} {...input} />;
}

/** A bare control's problem, under it: give the control `invalid` and `aria-describedby={id}`. Nothing without an error. */
export function ControlError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-normal text-red-700">
      {error}
    </p>
  );
}

/**
 * The ask-first step of a move done in the page (Cancel an order, Mark as Completed): the
 * question, a filled button that does it, and one that keeps things as they are. Nothing happens
 * until the first is pressed. Deletes that go by an address use ConfirmButton and ConfirmDialog.
 */
export function AskFirst({
  label,
  question,
  yes,
  onYes,
  no,
  onNo,
  className,
}: {
  /** The group's name, for screen readers ("Confirm: Cancelled"). */
  label: string;
  question: ReactNode;
  yes: ReactNode;
  onYes: () => void;
  no: ReactNode;
  onNo: () => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={join(ASK_PANEL, className)}>
      <p className="text-sm text-stone-900">{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {/* The question was asked by a press: the answer is one more press away. */}
        <Button kind="rowDangerFilled" autoFocus onClick={onYes}>
          {yes}
        </Button>
        <Button kind="rowQuiet" onClick={onNo}>
          {no}
        </Button>
      </div>
    </div>
  );
}
