import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response. */
    nonce: string;
    /** Address of the connecting client (for login throttling). */
    clientAddress?: string;
    /**
     * What the page shows, for the storefront page cache (page-cache.server.ts): loaders add
     * `product:<id>` for each product and `lists` for a list of products, or `uncacheable`.
     */
    cacheTags?: Set<string>;
  }
}

export {};
