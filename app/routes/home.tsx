import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { ComposePrompt } from "~/components/compose-prompt";
import { DeleteFromUrl } from "~/components/confirm-delete";
import { PostFeed } from "~/components/post-feed";
import { campusForRequest } from "~/models/campuses.server";
import { getFeedPage } from "~/models/posts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getUserId } from "~/services/session.server";
import { CATEGORIES } from "~/utils/categories";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Home", back: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const url = new URL(request.url);
  const category = url.searchParams.get("category") || "all";
  const feed = await getFeedPage({
    campusId: campus.id,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor: url.searchParams.get("cursor"),
    category,
    viewerId: await getUserId(request),
  });
  return { feed, category };
}

export default function Home() {
  const { feed, category } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <>
      <ComposePrompt />
      <Form method="get" className="filter-bar" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
        <label htmlFor="category">Category</label>
        <select id="category" name="category" defaultValue={category} key={category}>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--small">
          Filter
        </button>
      </Form>
      <PostFeed page={feed} />
      <DeleteFromUrl />
    </>
  );
}
