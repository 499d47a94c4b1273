import { Form, Link, useLocation } from "@remix-run/react";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/url-state";

/**
 * Message seller on someone else's post (docs/product.md §10): a form that opens the
 * conversation about the post (or the one the two already have). Not on your
 * own post; a visitor gets the sign-up prompt ("message"), a signed-in user
 * who is not a student here the verify-school prompt.
 */
export function MessageSellerButton({ postId, authorId }: { postId: string; authorId: string }) {
  const viewer = useOptionalUser();
  const location = useLocation();
  if (viewer?.id === authorId) return null;
  const prompt = actionPromptHref(viewer, location.pathname + location.search, "message");
  return prompt ? (
    <Link to={prompt} className="button button--primary message-seller" preventScrollReset>
      Message seller
    </Link>
  ) : (
    <Form method="post" action={`/messages?index&post=${postId}`} className="message-seller">
      <button className="button button--primary">Message seller</button>
    </Form>
  );
}
