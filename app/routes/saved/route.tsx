import type { HeadersFunction, LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PagedList } from "~/components/paged-list";
import savedCss from "~/styles/saved.css";
import type { RouteHandle } from "~/utils/route-handle";
import { SavedCard } from "./saved-card";
import type { loader } from "./route.server";

export const handle: RouteHandle = { title: "Saved" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: savedCss }];

export { loader } from "./route.server";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Saved() {
  const { saved } = useLoaderData<typeof loader>();
  return (
    <PagedList items={saved.items} nextCursor={saved.nextCursor} dataKey="saved" itemsKey="items" emptyText="Nothing saved yet. Tap Save on a post, project or game to keep it here.">
      {(items) => (
        <ul className="saved-list" aria-label="Saved">
          {items.map((item) => (
            <SavedCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
