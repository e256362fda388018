import { Transform, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { INLINE_STYLES_ID, StylesProvider } from "~/lib/inline-styles";
import { KeptMarkupProvider } from "~/lib/kept-markup";
import { keptMarkup } from "~/lib/kept-markup.server";
import stylesheet from "~/app.css?inline";
import { criticalCss } from "~/lib/critical-css.server";
import { logger } from "~/lib/logger.server";
import { hasSessionCookie } from "~/lib/cache-policy.server";
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
 * Parts of pages drawn once for their values and reused (product cards: lib/kept-markup.tsx). A
 * card is about 2 KB: this keeps a few thousand.
 */
const keep = keptMarkup({ maxBytes: 8 * 1024 * 1024 });

/** The finished page with its styles in place of the marker. */
function withPageStyles(html: string): string {
  const at = pageStyles ? html.indexOf(`<style id="${INLINE_STYLES_ID}">${STYLES_MARKER}</style>`) : -1;
  if (at === -1) return html;
  const start = at + `<style id="${INLINE_STYLES_ID}">`.length;
  return html.slice(0, start) + pageStyles!.forHtml(html) + html.slice(start + STYLES_MARKER.length);
}

/**
 * React Router preloads the page's scripts at high priority, beside the main image. They are
 * marked low, so that on a slow network the image (fetchpriority="high") and the text come first:
 * the page shows without any script, which only makes it interactive.
 */
function scriptsAfterTheImage(): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | undefined = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === undefined) return callback(null, chunk);
      head += decoder.write(chunk);
      if (!head.includes("</head>")) return callback();
      const done = head.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
      head = undefined;
      callback(null, done);
    },
    flush(callback) {
      callback(null, head === undefined ? undefined : head + decoder.end());
    },
  });
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
  return new Promise((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <StylesProvider css={inlineStyles ? STYLES_MARKER : undefined}>
          <KeptMarkupProvider keep={keep}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </KeptMarkupProvider>
        </StylesProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // Everything is ready: the page is collected whole and answered as one buffer (no stream
          // to relay chunk by chunk; compression.ts compresses it in one go).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer | string, _encoding, callback) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const whole = Buffer.concat(chunks);
              const page = inlineStyles ? Buffer.from(withPageStyles(whole.toString("utf8"))) : whole;
              resolve(new Response(page as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          const lowered = scriptsAfterTheImage();
          lowered.pipe(body);
          pipe(lowered);
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
