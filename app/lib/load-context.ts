import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response. */
    nonce: string;
    /** Address of the connecting client (for login throttling). */
    clientAddress?: string;
  }
}

export {};
