import { FormAlert, RetryLink } from "~/components/ui/field";
import { Link } from "react-router";
import { Img } from "~/components/ui/img";
import { imageSrcSet, imageUrl } from "~/modules/media/media-url";
import type { CategorySummary } from "~/modules/catalog/catalog-views";

const SAMPLE_CATEGORIES = ["Wallet", "Bags", "Belts", "Office", "Backpacks", "Shoe"].map((name) => ({
  name,
  count: 12,
}));

const gridClass = "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6";
/** The width a category's picture is drawn at in that grid, in the page's `max-w-7xl px-4` column (see PRODUCT_GRID_CLASS). */
const CATEGORY_PICTURE_SIZES =
  "(min-width: 1280px) 195px, (min-width: 1024px) calc(16.67vw - 19px), (min-width: 640px) calc(33.34vw - 21px), calc(50vw - 24px)";

export function CategoryGrid({ categories }: { categories: CategorySummary[] }) {
  return (
    <ul className={gridClass}>
      {categories.map((c) => (
        <li key={c.id}>
          <Link
            to={`/shop/category/${c.id}`}
            className="group block overflow-hidden rounded-xl border border-leather-200 bg-white text-center shadow-sm hover:shadow-md"
          >
            <div className="aspect-square bg-leather-100">
              <Img
                src={imageUrl(c.image, 320)}
                srcSet={imageSrcSet(c.image)}
                sizes={CATEGORY_PICTURE_SIZES}
                alt=""
                width={320}
                height={320}
                className="h-full w-full object-cover transition group-hover:scale-[1.03]"
              />
            </div>
            <p className="px-2 pt-3 font-medium text-stone-900">{c.name}</p>
            <p className="pb-3 text-xs text-stone-600">
              {c.productCount} {c.productCount === 1 ? "item" : "items"}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CategoryGridSkeleton() {
  return (
    <ul className={gridClass} aria-busy="true" aria-label="Loading categories">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} data-testid="category-skeleton" className="animate-pulse overflow-hidden rounded-xl border border-leather-200 bg-white">
          <div className="aspect-square bg-leather-100" />
          <div className="mx-auto my-3 h-4 w-2/3 rounded bg-leather-100" />
          <div className="mx-auto mb-3 h-3 w-1/3 rounded bg-leather-100" />
        </li>
      ))}
    </ul>
  );
}

/** Shown when categories could not be loaded: the error, a retry, and the sample categories. */
export function CategoryGridError() {
  return (
    <div>
      <FormAlert message="Failed to load categories" action={<RetryLink />} className="mb-4" />
      <ul className={gridClass}>
        {SAMPLE_CATEGORIES.map((c) => (
          <li key={c.name}>
            <Link to="/shop" className="block rounded-xl border border-leather-200 bg-white p-6 text-center">
              <p className="font-medium">{c.name}</p>
              <p className="text-xs text-stone-600">{c.count} items</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NoCategories() {
  return (
    <div className="rounded-xl border border-dashed border-leather-300 bg-white px-6 py-10 text-center">
      <p className="font-serif text-xl text-leather-800">No Categories Available</p>
      <p className="mt-2 text-stone-700">There are no product categories to display at the moment.</p>
      <a href="/" className="mt-4 inline-block rounded-md bg-leather-700 px-4 py-2 text-sm font-medium text-white">
        Refresh Categories
      </a>
    </div>
  );
}
