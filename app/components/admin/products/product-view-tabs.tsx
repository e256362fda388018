import { useRef, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { tabItem } from "~/components/admin/control-styles";
import { productViewTabs, type ProductViewTab } from "~/modules/catalog/admin-products.schema";

const tabLabels: Record<ProductViewTab, string> = { overview: "Overview", variants: "Variants", media: "Media", stock: "Stock" };

/** Tabs as links (`?tab=…`), so they work without JavaScript; arrow keys move between them. */
export function Tabs({ base, current }: { base: string; current: ProductViewTab }) {
  const navigate = useNavigate();
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const hrefOf = (t: ProductViewTab) => (t === "overview" ? base : `${base}?tab=${t}`);
  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = productViewTabs.indexOf(current);
    const last = productViewTabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const t = productViewTabs[next];
    refs.current[t]?.focus();
    void navigate(hrefOf(t), { replace: true, preventScrollReset: true });
  }
  return (
    <div role="tablist" aria-label="Product details" className="flex gap-1 border-b border-stone-200">
      {productViewTabs.map((t) => (
        <Link
          key={t}
          ref={(el) => {
            refs.current[t] = el;
          }}
          id={`tab-${t}`}
          role="tab"
          to={hrefOf(t)}
          replace
          preventScrollReset
          aria-selected={t === current}
          onKeyDown={onKeyDown}
          aria-controls={t === current ? `panel-${t}` : undefined}
          tabIndex={t === current ? 0 : -1}
          className={tabItem(t === current)}
        >
          {tabLabels[t]}
        </Link>
      ))}
    </div>
  );
}
