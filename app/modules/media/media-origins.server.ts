import { eq, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { appSettings } from "~/lib/db/tables/site.server";
import { mediaOrigins } from "./media-url";

/**
 * The origins of media the shop shows from elsewhere (kept as web addresses by the import of the
 * original shop), kept in app_settings so the pages' content security policy can allow exactly
 * them without reading every media row at each start. See docs/decisions/0028.
 */
export const MEDIA_ORIGINS_SETTING = "media_origins";

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** Every origin of a web address stored as media: product images and videos, category images, order lines. */
async function collectMediaOrigins(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select distinct substring(u from '^https?://[^/?#]+') as origin from (
      select storage_key as u from media where storage_key ~* '^https?://'
      union all select image_key from categories where image_key ~* '^https?://'
      union all select product_image from order_items where product_image ~* '^https?://'
    ) as kept`)) as { rows: { origin: string | null }[] };
  return mediaOrigins(rows.map((r) => r.origin ?? "").filter(Boolean));
}

/** Recomputes the stored list from what the database holds now; answers it. */
export async function saveMediaOrigins(db: Db): Promise<string[]> {
  const origins = await collectMediaOrigins(db);
  const value = JSON.stringify(origins);
  await db.insert(appSettings).values({ key: MEDIA_ORIGINS_SETTING, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
  return origins;
}

/** The stored list; anything in it that is not a plain origin is ignored (it goes into a header). */
export async function readMediaOrigins(db: Db): Promise<string[]> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MEDIA_ORIGINS_SETTING));
  if (!row) return [];
  try {
    const list: unknown = JSON.parse(row.value);
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === "string" && ORIGIN.test(o)) : [];
  } catch {
    return [];
  }
}
