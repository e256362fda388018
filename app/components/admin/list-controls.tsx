import type { ReactNode } from "react";
import { Link, useSubmit } from "react-router";
import { BUTTON, CONTROL, controlBorder } from "./control-styles";

/**
 * Paging links of a back-office list: 'Previous page', 'Page N of M', 'Next page'. Plain links, so
 * they work without JavaScript. Nothing is shown for a single page.
 */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={BUTTON.row}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={BUTTON.row}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * A labelled filter of a list's GET form. Choosing an option reloads the list at once; without
 * JavaScript the form's own button does it.
 */
export function FilterSelect({
  id,
  label,
  name,
  value,
  allLabel,
  options,
  className = "",
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  const submit = useSubmit();
  return (
    <div className="flex flex-col text-sm font-medium text-stone-700">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        onChange={(e) => void submit(e.currentTarget.form)}
        className={`${CONTROL.plain} ${controlBorder(false)} mt-1 ${className}`}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A list's search and filters: always open on a laptop; on a phone folded behind their summary, so
 * the list comes first (open when a search or filter is on). The folding is the browser's own
 * `<details>`, so it works without scripts; app.css keeps it open from 1024 px.
 */
export function FilterPanel({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <details open={active || undefined} className="filter-panel rounded-xl border border-stone-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-medium text-leather-800">
        Search and filters{active ? " (on)" : ""}
        <span aria-hidden="true" className="ml-auto text-stone-500">
          ▾
        </span>
      </summary>
      {children}
    </details>
  );
}

/** The look of every back-office table's header row, and of every row action (link or button alike). */
export const TABLE_HEAD_CLASS = "bg-stone-50 text-xs font-semibold uppercase tracking-wide text-stone-600";
/** Every file picker of the back office: a labelled button, then the chosen file's name. */
export const FILE_INPUT_CLASS =
  "block w-full text-sm text-stone-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-leather-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-leather-800 hover:file:bg-leather-100";

/** The header row of a back-office table: one column header per label, in the one header style. */
export function TableHead({
  columns,
  className = TABLE_HEAD_CLASS,
  cellClassName = "px-4 py-3",
  lead,
}: {
  columns: string[];
  className?: string;
  cellClassName?: string;
  /**
   * A first header cell that holds a control (a select-all box) before its label: the column is
   * named by the label alone, not by the control's name too.
   */
  lead?: { label: string; control: React.ReactNode };
}) {
  return (
    <thead className={className}>
      <tr>
        {lead !== undefined && (
          <th scope="col" className={cellClassName} aria-label={lead.label}>
            <span className="flex items-center gap-2">
              {lead.control}
              {lead.label}
            </span>
          </th>
        )}
        {columns.map((label) => (
          <th key={label} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
