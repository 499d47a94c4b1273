import type { LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PortfolioDetail, portfolioTitle } from "~/components/portfolio-detail";
import portfolioCss from "~/styles/portfolio.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { action, loader } from "./route.server";

// /game/{id}?show=about|comments (docs/product.md §20).
// Link previews: the tags the loader built for this page (none when it must not be previewed).
export { previewMeta as meta } from "~/utils/preview-meta";
export const handle: RouteHandle = { title: (d) => portfolioTitle(d, "game") };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: portfolioCss }];

export { action, loader } from "./route.server";

export default function GamePage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <PortfolioDetail data={data} lastResult={result && "status" in result ? result : null} />;
}
