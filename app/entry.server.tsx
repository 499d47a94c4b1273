import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { FragmentRendererProvider } from "~/components/post-parts";
import { NonceProvider } from "~/components/nonce";
import { fragmentRenderer } from "~/services/fragment-cache.server";
import { holdDocumentEnd } from "~/services/document-stream.server";
import { serviceWorkerRegistration } from "~/services/service-worker.server";

export const streamTimeout = 5000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and no-JS clients get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render that outlives its data; cleared once the document is whole, so
    // a finished render is not kept alive (and its buffers unreclaimed) until then.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <FragmentRendererProvider value={fragmentRenderer}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </FragmentRendererProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // Late data scripts land inside <body>, not after </html>.
          const body = holdDocumentEnd(serviceWorkerRegistration(nonce));
          body.once("close", () => clearTimeout(timeout));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
