import { Link, useLocation } from "@remix-run/react";
import type { SignUpPromptView } from "~/types/views";
import { withoutSignUpPrompt } from "~/utils/url-state";
import { Dialog } from "./dialog";

/**
 * The sign-up prompt (docs/product.md §19) for a visitor who tried to act: opened by
 * `?signup=<reason>` on any page, so the server renders it without JS
 * (components/url-prompts.tsx decides when it is open).
 */
export function SignUpPrompt({ prompt }: { prompt: SignUpPromptView }) {
  const location = useLocation();
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
