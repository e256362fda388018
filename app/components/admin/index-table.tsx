import type { ReactNode } from "react";
import { TABLE_HEAD_CLASS, TableHead } from "./list-controls";

/*
 * The back office's lists, after Shopify Polaris' IndexTable/ResourceList: one table, so a screen
 * reader and a test read rows, cells and column headers; on a laptop (from `lg`, 1024 px) it is
 * laid out as a table, and below that every row is a card — its title on top, each fact under its
 * column's name, its actions in a row of buttons at the bottom — so nothing scrolls sideways on a
 * phone. Long names and e-mails wrap inside their cell at every size.
 */

/** A list as a table on a laptop and as cards on a phone. `children` are its IndexRows. */
export function IndexTable({
  caption,
  columns,
  lead,
  children,
}: {
  /** What the list is, for screen readers ("Products, newest first"). */
  caption: string;
  columns: string[];
  /** A first header cell holding a control (a select-all box), as in TableHead. */
  lead?: { label: string; control: ReactNode };
  children: ReactNode;
}) {
  return (
    <div className="lg:overflow-x-auto lg:rounded-xl lg:border lg:border-stone-200 lg:bg-white">
      <table className="w-full text-left text-sm max-lg:block">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} lead={lead} className={`${TABLE_HEAD_CLASS} max-lg:sr-only`} cellClassName="px-3 py-3" />
        <tbody className="max-lg:block max-lg:space-y-3 lg:divide-y lg:divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

/** One row: a table row on a laptop, a card on a phone. `tone` marks it (an unread message). */
export function IndexRow({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "highlight" | "editing" }) {
  const background = { plain: "bg-white", highlight: "bg-amber-50", editing: "bg-leather-50" }[tone];
  return (
    <tr
      className={`align-top ${background} max-lg:flex max-lg:flex-col max-lg:rounded-xl max-lg:border max-lg:border-stone-200 max-lg:p-4 max-lg:shadow-sm`}
    >
      {children}
    </tr>
  );
}

/**
 * One fact of a row. On a phone it shows under its column's name (`label`, the header's words;
 * hidden from screen readers, which have the column header). `kind`: "title" is the row's name
 * (a row header, the card's heading), "media" a picture beside nothing, "actions" the buttons at
 * the bottom of the card. `phone: false` leaves a fact out of the card (it stays in the table).
 */
export function IndexCell({
  label,
  kind = "fact",
  phone = true,
  className = "",
  children,
}: {
  label: string;
  kind?: "fact" | "title" | "media" | "actions";
  phone?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const onPhone = phone ? "" : "max-lg:hidden";
  const cell = `px-3 py-2 max-lg:px-0 ${onPhone} ${className}`;
  if (kind === "title") {
    return (
      <th scope="row" className={`${cell} max-lg:order-first max-lg:pt-0 max-lg:text-base font-medium break-words text-stone-900`}>
        {children}
      </th>
    );
  }
  if (kind === "media") return <td className={`${cell} max-lg:order-first max-lg:pt-0`}>{children}</td>;
  if (kind === "actions")
    return <td className={`${cell} max-lg:order-last max-lg:mt-2 max-lg:border-t max-lg:border-stone-100 max-lg:pt-3`}>{children}</td>;
  return (
    <td className={`${cell} max-lg:grid max-lg:grid-cols-[7.5rem_minmax(0,1fr)] max-lg:gap-x-3 max-lg:py-1`}>
      <span aria-hidden="true" className="text-stone-600 lg:hidden">
        {label}
      </span>
      <div className="min-w-0 break-words">{children}</div>
    </td>
  );
}

/**
 * A row's actions: buttons side by side, wrapping onto a second line rather than out of the card.
 * `oneLine` keeps them on one line in a laptop's table (a few short words: View, Edit, Delete).
 */
export function RowActions({ oneLine = false, children }: { oneLine?: boolean; children: ReactNode }) {
  return <div className={`flex flex-wrap items-center gap-2 ${oneLine ? "lg:flex-nowrap" : ""}`}>{children}</div>;
}
