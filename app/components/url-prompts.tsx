import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { SignUpPromptView } from "~/types/views";
import { isSuspensionNoticeOpen } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import { isVerifySchoolPromptOpen } from "~/utils/url-state";
import { OnDemand } from "./on-demand";

/**
 * The prompts any page opens by its URL: sign up (?signup=…, a visitor),
 * verify your school (?verify=school) and why a suspended account can't act
 * (?notice=suspended). Deciding here keeps their code out of a page until one
 * is open.
 */
export function UrlPrompts() {
  const location = useLocation();
  const user = useOptionalUser();
  // The layout sends the prompt's words only to a visitor whose URL asks for it.
  const signUpPrompt = useRouteLoaderData<{ signUpPrompt: SignUpPromptView | null }>("root")?.signUpPrompt;
  return (
    <>
      {signUpPrompt ? <OnDemand.SignUpPrompt prompt={signUpPrompt} /> : null}
      {user && !user.schoolVerified && isVerifySchoolPromptOpen(location.search) ? <OnDemand.VerifySchoolDialog /> : null}
      {user?.suspension && isSuspensionNoticeOpen(location.search) ? <OnDemand.SuspensionDialog text={user.suspension} /> : null}
    </>
  );
}
