import { Link } from "react-router";
import { useMarkupCache } from "~/modules/cache/markup-cache";
import { Img } from "~/components/ui/img";
import { Price } from "~/components/ui/price";
import { Stars } from "~/components/ui/stars";
import { imageSrcSet, imageUrl } from "~/modules/media/media-url";
import type { ProductCard as Card } from "~/modules/catalog/catalog-views";

/**
 * The grid product cards are laid out in (the home page's featured products, the shop), inside the
 * page's `max-w-7xl px-4` column, and the width a card's picture is drawn at in it, for the browser
 * to choose the picture's file by (`sizes`): two columns on a phone, three from 768 px, four from
 * 1024 px, at most 1280 px wide, 16 px apart. A phone's two columns of 182 px take the 320 px file
 * on a screen of 1.75 device pixels per CSS pixel, not the 640 px one ("50vw" asked for 360 px).
 */
export const PRODUCT_GRID_CLASS = "grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4";
const CARD_PICTURE_SIZES =
  "(min-width: 1280px) 300px, (min-width: 1024px) calc(25vw - 20px), (min-width: 768px) calc(33.34vw - 21px), calc(50vw - 24px)";

export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: Card;
  priority?: boolean;
  /** The card title's heading level: one below the heading of the list it is in. */
  headingLevel?: 2 | 3;
}) {
  const keep = useMarkupCache();
  // Every card is laid out with the page, even off the screen: a card skipped until it came near the
  // screen (content-visibility) grew or shrank to its real height then, and moved the page under a
  // shopper who had jumped to its foot (docs/decisions/0066).
  const className = "group relative flex flex-col overflow-hidden rounded-xl border border-leather-200 bg-white shadow-sm transition hover:shadow-md";
  // On the server a card is drawn once for its values and kept (modules/cache/markup-cache.tsx); the browser
  // hydrates the same markup from the components below. A card with the page's main image is
  // drawn with the page, which preloads that image in its head.
  if (keep && !priority) {
    const html = keep(
      `product-card:${headingLevel}:${JSON.stringify(product)}`,
      <CardContent product={product} priority={false} headingLevel={headingLevel} />,
    );
    return <article className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <article className={className}>
      <CardContent product={product} priority={priority} headingLevel={headingLevel} />
    </article>
  );
}

/**
 * What a card holds. Its one link is the product's name, so that its accessible name is the text a
 * person sees on it (WCAG 2.5.3: a voice-control user says what they see); the link's ::after
 * covers the whole card, so that a tap anywhere on it (its picture, its price) opens the product.
 * The picture says nothing the name below it does not (alt="").
 */
function CardContent({ product, priority, headingLevel }: { product: Card; priority: boolean; headingLevel: 2 | 3 }) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <div className="relative aspect-square bg-leather-100">
        <Img
          src={imageUrl(product.image, 640)}
          srcSet={imageSrcSet(product.image)}
          sizes={CARD_PICTURE_SIZES}
          alt=""
          width={640}
          height={640}
          priority={priority}
          className={`h-full w-full object-cover transition group-hover:scale-[1.02] ${product.outOfStock ? "opacity-60" : ""}`}
        />
        <div className="absolute left-2 top-2 flex flex-col gap-1">
          {product.isNew && <span className="rounded bg-leather-800 px-2 py-0.5 text-xs font-bold tracking-wide text-white">NEW</span>}
          {product.onSale && <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">SALE</span>}
          {product.outOfStock && <span className="rounded bg-stone-800 px-2 py-0.5 text-xs font-semibold text-white">Out of Stock</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs uppercase tracking-wide text-stone-600">{product.categoryName}</p>
        <Title className="font-medium text-stone-900">
          <Link to={`/product/${product.id}`} className="block after:absolute after:inset-0">
            {product.name}
          </Link>
        </Title>
        <Stars rating={product.rating} />
        <div className="mt-auto flex flex-wrap items-baseline gap-x-1 pt-1">
          {product.priceVaries && <span className="text-sm text-stone-700">from</span>}
          <Price variant={product} />
        </div>
      </div>
    </>
  );
}
