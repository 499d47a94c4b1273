import { Link, useLocation } from "@remix-run/react";
import { isSignUpReason, SIGNUP_REASONS, SIGNUP_TEXT, withoutSignUpPrompt } from "~/utils/signup-prompt";
import { useOptionalUser } from "~/utils/user";
import { Dialog } from "./dialog";

/**
 * The sign-up prompt (spec §2, §6) for a visitor who tried to act: opened by
 * `?signup=<reason>` on any page, so the server renders it without JS.
 */
export function SignUpPrompt() {
  const location = useLocation();
  const user = useOptionalUser();
  const reason = new URLSearchParams(location.search).get("signup");
  if (user || !isSignUpReason(reason)) return null;
  const page = withoutSignUpPrompt(location.pathname + location.search);
  const back = new URLSearchParams({ redirect: page });
  return (
    <Dialog title={SIGNUP_REASONS[reason]} id="signup" closeHref={page} description={SIGNUP_TEXT[reason]} closeButton>
      <div className="button-row">
        <Link to={`/register?${back}`} className="button button--primary">
          Sign up
        </Link>
        <Link to={`/login?${back}`} className="button">
          Log in
        </Link>
      </div>
    </Dialog>
  );
}
