import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { FragmentRendererProvider } from "~/components/post-parts";
import { NonceProvider } from "~/components/nonce";
import { fragmentRenderer } from "~/services/fragment-cache.server";
import { collectDocument, readDocumentDataAhead, wholeDocument, wholeResponse } from "~/services/whole-document.server";
import { serviceWorkerRegistration } from "~/services/service-worker.server";

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  await readDocumentDataAhead(remixContext);
  // The document is sent whole (whole-document.server.ts): it is rendered to its end, then collected.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render that outlives its data.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <FragmentRendererProvider value={fragmentRenderer}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </FragmentRendererProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timeout);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(
            collectDocument((chunks) =>
              resolve(wholeResponse(wholeDocument(chunks, serviceWorkerRegistration(nonce)), { headers: responseHeaders, status: responseStatusCode })),
            ),
          );
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
