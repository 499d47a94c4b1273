import type { LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { campusSiteUrl, findCampuses, SCHOOL_NAMES } from "~/models/campuses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const here = await campusForRequest(request);
  return {
    q,
    schools: (await findCampuses(q)).map((c) => ({
      id: c.id,
      name: `${c.name} BuySell`,
      school: SCHOOL_NAMES[c.id] ?? c.name,
      domain: c.emailDomain,
      href: campusSiteUrl(c, url),
      current: c.id === here.id,
    })),
  };
}
