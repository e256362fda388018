import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * A built page's browser renders with preact/compat (docs/decisions/0071; the dev server's with
 * React). React Router's router first decodes the page's data, and until then its first render
 * throws the decoding's promise: React's root waits for it, preact's would draw the page anew. So
 * the page asks the router for that promise and waits for it before hydrating, with either; the
 * router made on the way is the one the page then uses.
 */
async function routerDataDecoded() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown.catch(() => undefined);
  }
}

void routerDataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
