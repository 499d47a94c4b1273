import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Nonce for the inline scripts Remix renders (Content-Security-Policy). */
    cspNonce: string;
    /** The client's address as Express sees it (X-Forwarded-For only from the proxy TRUST_PROXY names). */
    clientIp: string;
    /** The request comes from this machine (loopback peer, not forwarded): the dev mailbox's rule. */
    fromThisMachine?: boolean;
    /** The region gate refused this data request: the root loader redirects it to /404. */
    regionBlocked?: boolean;
    /** Tells the server who is signed in, for the page-view record (analytics). */
    setViewer?: (userId: string) => void;
  }
}

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
