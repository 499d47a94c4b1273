import { Form, Link, useLocation } from "@remix-run/react";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/url-state";
import { I_HAVE_ONE, I_HAVE_ONE_MESSAGE } from "~/utils/wanted";

/** The one-tap first message on a listing. */
const STILL_AVAILABLE = "Is this still available?";

/**
 * Message seller on someone else's post (docs/product.md §10): a form that opens the
 * conversation about the post (or the one the two already have); on a
 * listing still for sale, a second button opens it with "Is this still
 * available?" already sent. Not on your own post; a visitor gets the sign-up
 * prompt ("message"), a signed-in user who is not a student here the
 * verify-school prompt. On a phone the bar stays at the bottom of the screen
 * while the post is in view (CSS: sticky within the post's box).
 */
export function MessageSellerButton({ postId, authorId, forSale = false, wanted = false }: { postId: string; authorId: string; forSale?: boolean; wanted?: boolean }) {
  const viewer = useOptionalUser();
  const location = useLocation();
  if (viewer?.id === authorId) return null;
  const prompt = actionPromptHref(viewer, location.pathname + location.search, "message");
  // A Wanted post (docs/product.md §7): "I have one" opens the same conversation with a first message.
  const label = wanted ? I_HAVE_ONE : "Message seller";
  return prompt ? (
    <div className="message-seller" data-testid="message-seller">
      <Link to={prompt} className="button button--primary" preventScrollReset>
        {label}
      </Link>
    </div>
  ) : (
    <Form method="post" action={`/messages?index&post=${postId}`} className="message-seller" data-testid="message-seller">
      {wanted ? (
        <button className="button button--primary" name="text" value={I_HAVE_ONE_MESSAGE}>
          {label}
        </button>
      ) : (
        <button className="button button--primary">{label}</button>
      )}
      {forSale ? (
        <button className="button" name="text" value={STILL_AVAILABLE}>
          {STILL_AVAILABLE}
        </button>
      ) : null}
    </Form>
  );
}
