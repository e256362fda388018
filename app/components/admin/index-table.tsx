import type { ReactNode } from "react";
import { TABLE_HEAD_CLASS, TableHead } from "./list-controls";

/*
 * The back office's lists, after Shopify Polaris' IndexTable/ResourceList: one table, so a screen
 * reader and a test read rows, cells and column headers; on a laptop (from `xl`, 1280 px) it is
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
    <div className="xl:overflow-x-auto xl:rounded-xl xl:border xl:border-stone-200 xl:bg-white">
      <table className="w-full text-left text-sm max-xl:block">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} lead={lead} className={`${TABLE_HEAD_CLASS} max-xl:sr-only`} cellClassName="px-3 py-3" />
        <tbody className="max-xl:block max-xl:space-y-3 xl:divide-y xl:divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

/** One row: a table row on a laptop, a card on a phone. `tone` marks it (an unread message). */
export function IndexRow({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "highlight" | "editing" }) {
  const background = { plain: "bg-white", highlight: "bg-amber-50", editing: "bg-leather-50" }[tone];
  return (
    <tr
      className={`align-top ${background} max-xl:flex max-xl:flex-col max-xl:rounded-xl max-xl:border max-xl:border-stone-200 max-xl:p-4 max-xl:shadow-sm`}
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
  const onPhone = phone ? "" : "max-xl:hidden";
  const cell = `px-3 py-2 max-xl:px-0 ${onPhone} ${className}`;
  if (kind === "title") {
    return (
      <th scope="row" className={`${cell} max-xl:order-first max-xl:pt-0 max-xl:text-base font-medium break-words text-stone-900`}>
        {children}
      </th>
    );
  }
  if (kind === "media") return <td className={`${cell} max-xl:order-first max-xl:pt-0`}>{children}</td>;
  if (kind === "actions")
    return <td className={`${cell} max-xl:order-last max-xl:mt-2 max-xl:border-t max-xl:border-stone-100 max-xl:pt-3`}>{children}</td>;
  return (
    <td className={`${cell} max-xl:grid max-xl:grid-cols-[7.5rem_minmax(0,1fr)] max-xl:gap-x-3 max-xl:py-1`}>
      <span aria-hidden="true" className="text-stone-600 xl:hidden">
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
  return <div className={`flex flex-wrap items-center gap-2 ${oneLine ? "xl:flex-nowrap" : ""}`}>{children}</div>;
}
