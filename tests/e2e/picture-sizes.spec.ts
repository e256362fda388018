import { expect, test } from "@playwright/test";

/*
 * A product's or a category's picture in a grid is the smallest of its files that is sharp where it
 * is drawn: the browser chooses it by the width the page says the picture takes (`sizes`), so that
 * width must be the one the grid gives it, on every screen. A phone on a mobile network then
 * downloads and decodes 320 px files for its two columns, not 640 px ones.
 */

const SCREENS = [
  // Lighthouse's phone: 1.75 device pixels per CSS pixel.
  { name: "phone 412 px at 1.75x", width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true },
  { name: "phone 412 px at 2.625x", width: 412, height: 915, deviceScaleFactor: 2.625, isMobile: true },
  { name: "tablet 800 px", width: 800, height: 1000, deviceScaleFactor: 1, isMobile: false },
  { name: "laptop 1280 px", width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false },
  { name: "laptop 1280 px at 2x", width: 1280, height: 800, deviceScaleFactor: 2, isMobile: false },
];

test("a grid's pictures are the smallest files that are sharp where they are drawn, on phones, tablets and laptops", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  for (const { name, width, height, deviceScaleFactor, isMobile } of SCREENS) {
    // A context of its own: a larger file already in the memory cache would be shown instead.
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor, isMobile, hasTouch: isMobile, baseURL });
    const page = await context.newPage();
    for (const [path, grid] of [
      ["/", "categories"],
      ["/", "featured products"],
      ["/shop", "products"],
    ] as const) {
      await page.goto(path);
      const pictures =
        grid === "categories"
          ? page.getByRole("region", { name: "Shop by Category" }).getByRole("listitem").locator("img")
          : page.locator("main article img");
      const count = Math.min(await pictures.count(), 4);
      expect(count, `${name}: ${path}, ${grid}`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const picture = pictures.nth(i);
        await picture.scrollIntoViewIfNeeded();
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const { drawn, file, files, chosen } = await picture.evaluate(async (img: HTMLImageElement) => {
          // The file the browser takes by the page's `sizes` on the laid-out page, asked for again under
          // addresses of their own. The page's own choice was once, in CI, larger: 960 px for a picture
          // drawn 473 device pixels wide on a 412 px phone, the file for the grid's width from 768 px, as
          // if the browser chose before it knew the phone's width (not reproduced in 150 loads of /shop here);
          // a larger file the browser already holds is then shown for the smaller one.
          const probe = new Image();
          probe.sizes = img.sizes;
          probe.srcset = img.srcset.replace(/\.webp(\s)/g, `.webp?probe=${Math.random()}$1`);
          await probe.decode();
          const fileOf = (url: string) => Number(/-(\d+)\.webp(\?|$)/.exec(url)?.[1]);
          return {
            drawn: img.getBoundingClientRect().width * window.devicePixelRatio,
            file: fileOf(img.currentSrc),
            chosen: fileOf(probe.currentSrc),
            files: img.srcset
              .split(",")
              .map((candidate) => Number(/(\d+)w\s*$/.exec(candidate)?.[1]))
              .sort((a, b) => a - b),
          };
        });
        const smallestSharp = files.find((w) => w >= drawn) ?? files[files.length - 1];
        const where = `${name}: ${path}, ${grid}, picture ${i + 1}, drawn ${Math.round(drawn)} device pixels wide, files ${files.join("/")}`;
        // The page's `sizes` makes the browser take the smallest file that is sharp where it is drawn…
        expect(chosen, where).toBe(smallestSharp);
        // …and the picture shown is never a smaller, blurred one.
        expect(file, where).toBeGreaterThanOrEqual(smallestSharp);
      }
    }
    await context.close();
  }
});
