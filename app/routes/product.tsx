import { useState } from "react";
import { data, Link, useRouteLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product";
import type { loader as rootLoader } from "~/root";
import { isDomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { productTag } from "~/modules/cache/page-cache.server";
import type { ProductDetail } from "~/modules/catalog/catalog-views";
import { cachedProductDetail } from "~/modules/cache/catalog-read-cache.server";
import { discountAmount, formatPrice, hasDiscount } from "~/modules/catalog/pricing";
import { addToCart } from "~/modules/cart/cart-storage";
import { imageUrl } from "~/modules/media/media-url";
import { Price } from "~/components/ui/price";
import { Stars } from "~/components/ui/stars";
import { RouteError } from "~/components/ui/route-error";
import { ProductGallery } from "~/components/storefront/product-gallery";
import { ColourSwatches, QuantityPicker, SizePicker } from "~/components/storefront/product-options";
import { AddToCart } from "~/components/storefront/product-add-to-cart";
import { ProductJsonLd } from "~/components/storefront/product-json-ld";
import {
  canAddToCart,
  cartLineFor,
  clampQuantity,
  colourOptions,
  initialSize,
  sortedStock,
  stockFor,
} from "~/components/storefront/product-selection";

const PRODUCT_NOT_FOUND = "Product not found";
const NO_VARIANTS = "No variants available for this product";
const PRODUCT_FAILED = "Failed to load product details";
const BACK_TO_SHOP = { to: "/shop", label: "Back to Shop" };
const META_DESCRIPTION_MAX = 155;

/** Built once, not per request. */
const paramsSchema = z.object({ id: z.string().trim().min(1).max(64) });

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data(PRODUCT_NOT_FOUND, { status: 404 });
  let product: ProductDetail;
  try {
    product = await cachedProductDetail(context.db, parsed.data.id);
  } catch (error) {
    if (isDomainError(error) && error.code === "NOT_FOUND") throw data(PRODUCT_NOT_FOUND, { status: 404 });
    logger.error({ err: error, productId: parsed.data.id }, "product failed to load");
    throw data(PRODUCT_FAILED, { status: 503 });
  }
  context.cacheTags?.add(productTag(product.id));
  // Nothing to sell: the page explains it, and search engines are told there is no product here.
  return data({ product }, product.variants.length === 0 ? { status: 404 } : undefined);
}

/** The description cut at a word to about 155 characters, for search results. */
function metaDescription(product: ProductDetail): string {
  const text = product.description.replace(/\s+/g, " ").trim();
  if (!text) return `${product.name}: handcrafted leather, delivered free across Pakistan. Cash on delivery.`;
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, "")}…`;
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (!product) {
    return seo(publicUrlFrom(matches), {
      title: PRODUCT_NOT_FOUND,
      description: PRODUCT_NOT_FOUND,
      path: `/product/${encodeURIComponent(params.id ?? "")}`,
      noindex: true,
    });
  }
  const firstImage = product.variants.find((v) => v.images.length > 0)?.images[0];
  return seo(publicUrlFrom(matches), {
    title: product.name,
    description: metaDescription(product),
    path: `/product/${product.id}`,
    type: "product",
    image: firstImage ? imageUrl(firstImage, 960) : undefined,
    noindex: product.variants.length === 0,
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (product.variants.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-serif text-3xl text-leather-800">{product.name}</h1>
        <p className="mt-4 text-lg text-stone-700">{NO_VARIANTS}</p>
        <Link to={BACK_TO_SHOP.to} className="mt-8 inline-block rounded-md bg-leather-700 px-5 py-3 font-medium text-white hover:bg-leather-800">
          {BACK_TO_SHOP.label}
        </Link>
      </section>
    );
  }
  // A new product id starts a fresh selection.
  return <ProductView key={product.id} product={product} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [variantIndex, setVariantIndex] = useState(0);
  const variant = product.variants[variantIndex] ?? product.variants[0];
  const [size, setSize] = useState(() => initialSize(variant.stock));
  const [quantity, setQuantity] = useState(1);

  const rows = sortedStock(variant.stock);
  const stock = stockFor(variant.stock, size);
  const category = product.categories[0];
  const saved = hasDiscount(variant) ? discountAmount(variant.price, variant.discountPrice) : null;
  const canAdd = canAddToCart(variant, size, stock);

  const pickVariant = (index: number) => {
    const next = product.variants[index];
    if (!next) return;
    setVariantIndex(index);
    setSize(initialSize(next.stock));
    setQuantity(1);
  };
  const pickSize = (next: string) => {
    setSize(next);
    setQuantity(1);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <ProductJsonLd product={product} publicUrl={root?.publicUrl ?? ""} />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            {/* Not "Shop": the bar's Shop link is the only one so named. */}
            <Link to="/shop" className="inline-flex min-h-6 items-center hover:text-leather-800 hover:underline">
              All products
            </Link>
          </li>
          {category && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true">/</span>
              <Link to={`/shop/category/${category.id}`} className="inline-flex min-h-6 items-center hover:text-leather-800 hover:underline">
                {category.name}
              </Link>
            </li>
          )}
          <li className="flex min-w-0 items-center gap-1.5">
            <span aria-hidden="true">/</span>
            <span aria-current="page" className="truncate text-stone-800">
              {product.name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 md:grid-cols-2 md:gap-10 lg:gap-14">
        <ProductGallery key={variant.id} productName={product.name} variant={variant} />

        <div className="flex flex-col gap-6">
          <div>
            {category ? (
              <Link
                to={`/shop/category/${category.id}`}
                className="inline-flex min-h-6 items-center text-xs font-semibold uppercase tracking-widest text-leather-600 hover:text-leather-800 hover:underline"
              >
                {category.name}
              </Link>
            ) : (
              <p className="text-xs font-semibold uppercase tracking-widest text-leather-600">Uncategorized</p>
            )}
            <h1 className="mt-1 font-serif text-3xl font-semibold leading-tight text-leather-900 md:text-4xl">{product.name}</h1>
            <div className="mt-2 flex items-center gap-2">
              <Stars rating={product.rating} size={20} />
            </div>
            <div className="mt-4">
              <Price variant={variant} large />
              {saved !== null && <p className="mt-1 text-sm font-medium text-red-700">You save {formatPrice(saved)}</p>}
            </div>
          </div>

          <div className="flex flex-col gap-5 border-y border-leather-200 py-5">
            <ColourSwatches options={colourOptions(product.variants)} selected={variant} onSelect={pickVariant} />
            <SizePicker rows={rows} selected={size} onSelect={pickSize} />
            <p aria-live="polite" className={`text-sm font-medium ${stock > 0 ? "text-green-800" : "text-red-700"}`}>
              {stock > 0 ? `${stock} in stock` : "Out of stock"}
            </p>
            <QuantityPicker quantity={quantity} stock={stock} onChange={(q) => setQuantity(clampQuantity(q, stock))} />
            <AddToCart
              disabled={!canAdd}
              colourName={variant.name}
              onAdd={() => {
                if (!canAdd) return null;
                const line = cartLineFor(product, variant, size, clampQuantity(quantity, stock));
                addToCart(line, stock);
                return line;
              }}
            />
          </div>

          {product.description.trim() && (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="font-serif text-xl text-leather-800">
                Description
              </h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-stone-800">{product.description}</p>
            </section>
          )}
          {product.code && <p className="text-sm text-stone-600">SKU: {product.code}</p>}

          <ul className="grid gap-2 rounded-xl bg-leather-100 p-4 text-sm text-stone-800 sm:grid-cols-3">
            <li>
              <span className="font-semibold">Free delivery</span> across Pakistan in 3-5 business days
            </li>
            <li>
              <span className="font-semibold">Cash on delivery</span>, pay when it arrives
            </li>
            <li>
              <span className="font-semibold">Returns</span> within 7 days for unused items
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={BACK_TO_SHOP} />;
}
