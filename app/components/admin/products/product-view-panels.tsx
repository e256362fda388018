import type { ProductDetail } from "~/modules/catalog/catalog-views";
import type { ProductOverview } from "~/modules/catalog/product-overview";
import { isOnOffer, sortSizes } from "~/modules/catalog/product-rules";
import { imageSrcSet, imageUrl, videoUrl } from "~/modules/media/media-url";
import { Img } from "~/components/ui/img";
import { Price } from "~/components/ui/price";
import { PriceRange } from "~/components/admin/price-range";
import { StatusBadge } from "~/components/admin/status-badge";

/** A product as the back office views it (getAdminProductView). */
type Product = ProductDetail & { overview: ProductOverview };

function Card({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 p-4">
      <h3 className="text-sm text-stone-600">{label}</h3>
      <div className="mt-1 text-lg font-semibold text-stone-900">{children}</div>
    </div>
  );
}

export function OverviewPanel({ product }: { product: Product }) {
  const { overview } = product;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Card label="Price Range">
        <PriceRange range={overview.range} />
      </Card>
      <Card label="Total Stock">
        <span className={overview.totalStock > 0 ? "text-green-700" : "text-red-700"}>{overview.totalStock} units</span>
      </Card>
      <Card label="Variants">{overview.variantCount}</Card>
      <Card label="Offer Status">{overview.onOffer ? <span className="text-red-700">On Offer</span> : "Standard"}</Card>
    </div>
  );
}

function OfferBadge({ on }: { on: boolean }) {
  return on ? <StatusBadge tone="red">On Offer</StatusBadge> : <StatusBadge tone="grey">Standard</StatusBadge>;
}

const units = (rows: { qty: number }[]) => rows.reduce((s, r) => s + r.qty, 0);

export function VariantsPanel({ product }: { product: Product }) {
  if (product.variants.length === 0) return <p className="text-stone-700">No variants.</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {product.variants.map((v) => (
        <li key={v.id} className="rounded-lg border border-stone-200 p-4">
          <div className="flex items-center justify-between gap-2">
            <h3 className="min-w-0 font-semibold wrap-anywhere text-stone-900">{v.name}</h3>
            <OfferBadge on={isOnOffer(v)} />
          </div>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-stone-600">Price:</dt>
              <dd>
                <Price variant={v} />
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-stone-600">Sole colour:</dt>
              <dd>{v.soleColor || "N/A"}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-stone-600">Stock:</dt>
              <dd>{units(v.stock)} units</dd>
            </div>
          </dl>
          {v.stock.length > 0 && (
            <ul aria-label={`Stock by size of ${v.name}`} className="mt-3 flex flex-wrap gap-2">
              {sortSizes(v.stock, (s) => s.size).map((s) => (
                <li key={s.id}>
                  <StatusBadge tone="grey">
                    {s.size.trim() || "No Size"}: {s.qty}
                  </StatusBadge>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function MediaPanel({ product }: { product: Product }) {
  const videos = product.variants.flatMap((v) => v.videos.map((vid) => ({ ...vid, variant: v.name })));
  // As the spec has it: images per variant (each variant's, or that none are available), then the videos.
  return (
    <div className="space-y-6">
      <section aria-labelledby="images-heading">
        <h3 id="images-heading" className="font-semibold text-stone-900">
          Images
        </h3>
        {product.variants.map((v) => (
          <section key={v.id} aria-labelledby={`images-${v.id}`} className="mt-3">
            <h4 id={`images-${v.id}`} className="text-sm font-medium text-stone-800">
              {v.name || "Unnamed variant"}
            </h4>
            {v.images.length === 0 ? (
              <p className="mt-1 text-stone-700">No images available.</p>
            ) : (
              <ul className="mt-2 flex flex-wrap gap-3">
                {v.images.map((img, i) => (
                  <li key={img.id}>
                    <Img
                      src={imageUrl(img, 320)}
                      srcSet={imageSrcSet(img)}
                      sizes="128px"
                      alt={`${product.name}, ${v.name}, image ${i + 1}`}
                      width={128}
                      height={128}
                      className="h-32 w-32 rounded-md border border-stone-200 object-cover"
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </section>
      <section aria-labelledby="videos-heading">
        <h3 id="videos-heading" className="font-semibold text-stone-900">
          Videos
        </h3>
        {videos.length === 0 ? (
          <p className="mt-2 text-stone-700">No videos available.</p>
        ) : (
          <ul className="mt-2 grid gap-3 md:grid-cols-2">
            {videos.map((vid) => (
              <li key={vid.id}>
                <video controls preload="metadata" className="w-full rounded-md bg-black" aria-label={`${product.name}, ${vid.variant}, video`}>
                  <source src={videoUrl(vid.key)} type={vid.contentType} />
                </video>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function StockPanel({ product }: { product: Product }) {
  const withStock = product.variants.filter((v) => v.stock.length > 0);
  if (withStock.length === 0) return <p className="text-stone-700">No stock information available.</p>;
  return (
    <div className="space-y-4">
      {withStock.map((v) => (
        <section key={v.id} aria-labelledby={`stock-${v.id}`} className="rounded-lg border border-stone-200 p-4">
          <h3 id={`stock-${v.id}`} className="flex justify-between gap-3 font-semibold text-stone-900">
            <span className="min-w-0 wrap-anywhere">{v.name}</span>
            <span className={units(v.stock) > 0 ? "text-green-700" : "text-red-700"}>{units(v.stock)} units</span>
          </h3>
          <table className="mt-2 w-full max-w-sm text-sm">
            <thead>
              <tr className="text-left text-stone-600">
                <th scope="col" className="py-1">
                  Size
                </th>
                <th scope="col" className="py-1">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {sortSizes(v.stock, (s) => s.size).map((s) => (
                <tr key={s.id} className="border-t border-stone-100">
                  <td className="py-1">{s.size.trim() || "No Size"}</td>
                  <td className={`py-1 ${s.qty > 0 ? "" : "text-red-700"}`}>{s.qty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
