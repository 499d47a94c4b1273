import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { changeCampus } from "~/models/school.server";
import { getCampus, listCampuses, SCHOOL_NAMES } from "~/models/campuses.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getOptionalUser } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { signUpPromptHref } from "~/utils/url-state";
import { readForm } from "~/services/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return {
    signedIn: !!user,
    current: user?.campusId ?? null,
    campuses: (await listCampuses()).map((c) => ({ id: c.id, name: c.name, school: SCHOOL_NAMES[c.id] ?? c.name, domain: c.emailDomain })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  // A visitor who tries to join a campus gets the sign-up prompt (docs/product.md §4).
  const user = await getOptionalUser(request);
  if (!user) throw redirect(signUpPromptHref("/select-city", "join-campus"));
  // One choice among a handful of radio buttons: the server's check is all it needs (no form library in the page).
  const choice = String((await readForm(request)).get("campus") ?? "");
  if (!await getCampus(choice)) return data({ error: "Choose your school." }, { status: 400 });
  const updated = await changeCampus(user.id, choice);
  const alert = { type: "success", message: AUTH_MESSAGES["account-updated"] } as const;
  // Not school-verified on the new campus: the next step is its school email.
  return redirectWithAlert(request, updated.schoolVerified ? "/select-city" : "/add-code", alert);
}
