import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUserId } from "~/services/session.server";

// /profile is the edit screen (docs/product.md §2); visitors go to /login first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  return redirect("/profile/edit");
}
