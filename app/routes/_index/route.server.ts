// /: the landing page, a few of the newest posts, projects and games.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { listGames, listProjects } from "~/models/portfolio.server";
import { getFeedPage } from "~/models/posts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getUserId } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  return {
    latest: (await getFeedPage({
      campusId: campus.id,
      timeZone: getViewerTimeZone(request, campus.timeZone),
      limit: 3,
      viewerId: await getUserId(request),
    })).posts,
    projects: (await listProjects()).slice(0, 3),
    games: (await listGames()).slice(0, 3),
  };
}
