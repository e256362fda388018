import { useEffect, useRef, type ImgHTMLAttributes } from "react";
import { PLACEHOLDER_IMAGE } from "~/modules/media/media-url";

/**
 * An image that falls back to the placeholder when it fails to load, including failures that
 * happened before the page became interactive. Lazy unless `priority` is set.
 */
export function Img({ priority, alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { priority?: boolean; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && !img.src.endsWith(PLACEHOLDER_IMAGE)) {
      img.removeAttribute("srcset");
      img.src = PLACEHOLDER_IMAGE;
    }
  }, []);
  return (
    <img
      ref={ref}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.src.endsWith(PLACEHOLDER_IMAGE)) return;
        img.removeAttribute("srcset");
        img.src = PLACEHOLDER_IMAGE;
      }}
      {...props}
    />
  );
}
