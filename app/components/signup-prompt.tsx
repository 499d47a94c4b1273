import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { SignUpPromptView } from "~/types/views";
import { withoutSignUpPrompt } from "~/utils/signup-prompt";
import { Dialog } from "./dialog";

/**
 * The sign-up prompt (spec §2, §6) for a visitor who tried to act: opened by
 * `?signup=<reason>` on any page, so the server renders it without JS.
 */
export function SignUpPrompt() {
  const location = useLocation();
  // The layout sends the prompt's words only to a visitor whose URL asks for it.
  const prompt = useRouteLoaderData<{ signUpPrompt: SignUpPromptView | null }>("root")?.signUpPrompt;
  if (!prompt) return null;
  const page = withoutSignUpPrompt(location.pathname + location.search);
  const back = new URLSearchParams({ redirect: page });
  return (
    <Dialog title={prompt.title} id="signup" closeHref={page} description={prompt.text} closeButton>
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
