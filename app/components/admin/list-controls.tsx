import { Link, useSubmit } from "react-router";

/**
 * Paging links of a back-office list: 'Previous page', 'Page N of M', 'Next page'. Plain links, so
 * they work without JavaScript. Nothing is shown for a single page.
 */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-leather-800">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-leather-800">
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
        onChange={(e) => submit(e.currentTarget.form)}
        className={`mt-1 rounded-md border border-leather-300 bg-white px-3 py-2 font-normal text-stone-900 ${className}`}
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

/** The header row of a back-office table: one column header per label. */
export function TableHead({
  columns,
  className = "bg-stone-50 text-stone-700",
  cellClassName = "px-3 py-2",
  lead,
}: {
  columns: string[];
  className?: string;
  cellClassName?: string;
  /** A first header cell that is not a label (a select-all box). */
  lead?: React.ReactNode;
}) {
  return (
    <thead className={className}>
      <tr>
        {lead !== undefined && (
          <th scope="col" className={cellClassName}>
            {lead}
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
