import { Form, Link, useLocation } from "@remix-run/react";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/url-state";

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
export function MessageSellerButton({ postId, authorId, forSale = false }: { postId: string; authorId: string; forSale?: boolean }) {
  const viewer = useOptionalUser();
  const location = useLocation();
  if (viewer?.id === authorId) return null;
  const prompt = actionPromptHref(viewer, location.pathname + location.search, "message");
  return prompt ? (
    <div className="message-seller" data-testid="message-seller">
      <Link to={prompt} className="button button--primary" preventScrollReset>
        Message seller
      </Link>
    </div>
  ) : (
    <Form method="post" action={`/messages?index&post=${postId}`} className="message-seller" data-testid="message-seller">
      <button className="button button--primary">Message seller</button>
      {forSale ? (
        <button className="button" name="text" value={STILL_AVAILABLE}>
          {STILL_AVAILABLE}
        </button>
      ) : null}
    </Form>
  );
}
