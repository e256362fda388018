import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { INLINE_STYLES_ID, StylesProvider } from "~/lib/inline-styles";
import { MarkupCacheProvider } from "~/modules/cache/markup-cache";
import { markupCache } from "~/modules/cache/markup-cache.server";
import { withHeldControls } from "~/lib/held-controls.server";
import { withBrandFont } from "~/lib/brand-font.server";
import { withOneTitle } from "~/lib/one-title.server";
import { scriptsAfterPaint, startsScriptsAfterPaint } from "~/lib/scripts-after-paint.server";
import stylesheet from "~/app.css?inline";
import { criticalCss } from "~/lib/critical-css.server";
import { logger } from "~/lib/logger.server";
import { hasSessionCookie } from "~/modules/cache/cache-policy.server";
import "~/load-context";

export const streamTimeout = 5_000;

/**
 * The styles written into every document's head: the rules the page uses, put in place of a
 * marker once the page is complete. The dev server links the whole stylesheet instead, for live
 * reloading.
 */
const STYLES_MARKER = "/*page-styles*/";
const pageStyles = import.meta.env.DEV ? undefined : criticalCss(stylesheet);

/**
 * Parts of pages drawn once for their values and reused (product cards, the storefront's bar and
 * footer: modules/cache/markup-cache.tsx). A card is about 2 KB: this keeps a few thousand. None under the dev
 * server, where a kept part would hide a change to its component just saved.
 */
const keep = import.meta.env.DEV ? undefined : markupCache({ maxBytes: 8 * 1024 * 1024 });

const STYLES_ELEMENT = `<style id="${INLINE_STYLES_ID}">${STYLES_MARKER}</style>`;
const HEAD_END = Buffer.from("</head>");

/**
 * The finished page from what React wrote: its head edited as text, its body left as bytes.
 *
 * - The head keeps one title: an error boundary's, when there is one (one-title.server.ts).
 * - On every page, the controls that need scripts are held until the page has hydrated
 *   (held-controls.server.ts), and the brand typeface is named once the page is painted
 *   (brand-font.server.ts).
 * - On the pages a shopper lands on, the scripts start after the first paint
 *   (scripts-after-paint.server.ts, docs/decisions/0039). Elsewhere React Router's preloads of
 *   the page's scripts, at high priority beside the main image, are marked low, so that on a slow
 *   network the image (fetchpriority="high") and the text come first.
 * - With `inlineStyles`, the rules the page uses (read from its class attributes, in its bytes)
 *   take the place of the styles marker.
 */
function finishedPage(written: Buffer, options: { inlineStyles: boolean; scriptsAfterPaint: boolean; nonce: string }): Buffer {
  const headEnd = written.indexOf(HEAD_END);
  if (headEnd === -1) return written;
  let head = withOneTitle(written.toString("utf8", 0, headEnd));
  let body: Buffer;
  ({ head, body } = withHeldControls(withBrandFont(head, options.nonce), written.subarray(headEnd), options.nonce));
  if (options.scriptsAfterPaint) ({ head, body } = scriptsAfterPaint(head, body, options.nonce));
  else head = head.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
  const at = options.inlineStyles && pageStyles ? head.indexOf(STYLES_ELEMENT) : -1;
  if (at !== -1) {
    const marker = at + STYLES_ELEMENT.indexOf(STYLES_MARKER);
    head = head.slice(0, marker) + pageStyles!.forMarkup(body) + head.slice(marker + STYLES_MARKER.length);
  }
  return Buffer.concat([Buffer.from(head), body]);
}

/**
 * Renders the whole page before answering (no streaming of deferred data), so every page is
 * complete for shoppers without JavaScript and for crawlers, and its status code is final.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.nonce ?? "";
  // A signed-in visitor has loaded the whole stylesheet on an earlier page (it is linked once a
  // page has loaded, and kept as an immutable asset): their pages link it instead of carrying the
  // rules inline, a fifth to two fifths of each page's bytes and of the work of writing it
  // (docs/decisions/0035-signed-in-pages-link-the-stylesheet.md).
  const inlineStyles = pageStyles && !hasSessionCookie(request.headers.get("cookie"));
  const routeId = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  const afterPaint =
    !import.meta.env.DEV && responseStatusCode === 200 && startsScriptsAfterPaint(routeId, routerContext.staticHandlerContext.loaderData);
  return new Promise((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <StylesProvider css={inlineStyles ? STYLES_MARKER : undefined}>
          <MarkupCacheProvider keep={keep}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </MarkupCacheProvider>
        </StylesProvider>
      </NonceProvider>,
      {
        nonce,
        // The page is sent whole (below): a part that waited for its data is written in its place,
        // never sent apart to be swapped in by a script, as React does for parts that come after
        // the first 12.8 KB of a page it streams.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // Everything is ready: the page is collected whole and answered as one buffer (no stream
          // to relay chunk by chunk; compression.ts compresses it in one go).
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer | string, _encoding, callback) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const body = finishedPage(Buffer.concat(chunks), { inlineStyles: Boolean(inlineStyles), scriptsAfterPaint: afterPaint, nonce });
              resolve(new Response(body as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logger.error({ err: error }, "render error");
        },
      },
    );
  });
}
