import type { MetaDescriptor } from "react-router";
import { BRAND } from "./brand";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/shop'. */
  path: string;
  image?: string;
  type?: "website" | "product";
  noindex?: boolean;
}

/** Title, description, canonical link and Open Graph tags for a page. */
export function seo(publicUrl: string, page: PageSeo): MetaDescriptor[] {
  const url = `${publicUrl}${page.path}`;
  const title = page.title.includes(BRAND.name) ? page.title : `${page.title} | ${BRAND.fullName}`;
  const image = page.image ? new URL(page.image, `${publicUrl}/`).toString() : `${publicUrl}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: BRAND.fullName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_PK" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The public URL from the root loader's data, for use in `meta` functions. */
export function publicUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

/** Back-office pages: '{page} | Admin Panel', never indexed. */
export function adminMeta(page: string): MetaDescriptor[] {
  return [{ title: `${page} | Admin Panel` }, { name: "robots", content: "noindex" }];
}
