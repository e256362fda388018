import { useState } from "react";
import { Img } from "~/components/ui/img";
import { imageSrcSet, imageUrl, videoUrl } from "~/modules/media/media-url";
import type { VariantDetail } from "~/modules/catalog/catalog-views";

const MAIN_SIZES = "(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw";

/**
 * The selected variant's media: the main image (never lazy: it is the page's largest paint),
 * thumbnails to switch it, and the variant's video with controls. Give it `key={variant.id}` so a
 * colour change starts at the first image.
 */
export function ProductGallery({ productName, variant }: { productName: string; variant: Pick<VariantDetail, "name" | "images" | "videos"> }) {
  const [active, setActive] = useState(0);
  const images = variant.images;
  const main = images[active] ?? images[0];
  const alt = `${productName}, ${variant.name}`;

  return (
    <div className="flex flex-col gap-3 md:sticky md:top-24 md:self-start">
      <div className="aspect-square overflow-hidden rounded-2xl border border-leather-200 bg-leather-100">
        <Img
          key={main?.key ?? "placeholder"}
          src={imageUrl(main, 960)}
          srcSet={imageSrcSet(main)}
          sizes={MAIN_SIZES}
          alt={images.length > 1 ? `${alt}, image ${active + 1} of ${images.length}` : alt}
          width={main?.width ?? 800}
          height={main?.height ?? 800}
          priority
          className="h-full w-full object-cover"
        />
      </div>

      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Product images">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-pressed={i === active}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                className={`block h-16 w-16 overflow-hidden rounded-lg border-2 bg-leather-100 sm:h-20 sm:w-20 ${
                  i === active ? "border-leather-700" : "border-transparent hover:border-leather-300"
                }`}
              >
                <Img
                  src={imageUrl(image, 320)}
                  srcSet={imageSrcSet(image)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      {variant.videos.map((video) => (
        <video
          key={video.id}
          controls
          playsInline
          preload="metadata"
          aria-label={`${alt}, video`}
          className="w-full rounded-2xl border border-leather-200 bg-black"
        >
          <source src={videoUrl(video.key)} type={video.contentType || undefined} />
          <a href={videoUrl(video.key)}>Watch the video of {productName}</a>
        </video>
      ))}
    </div>
  );
}
