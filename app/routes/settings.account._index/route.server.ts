import type { LoaderFunctionArgs } from "@remix-run/node";
import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { hasPassword } from "~/models/accounts.server";
import { getCampus } from "~/models/campuses.server";
import { requireUser } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = (await getCampus(user.campusId))?.timeZone ?? "America/Chicago";
  return {
    username: user.username,
    email: user.email,
    verified: user.verified,
    hasPassword: await hasPassword(user.id),
    created: format(new TZDate(user.createdAt, timeZone), "MMMM d, yyyy"),
    createdIso: new Date(user.createdAt).toISOString(),
  };
}
