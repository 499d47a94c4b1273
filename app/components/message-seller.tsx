import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/verify-school";
import { Icon } from "./icons";

/**
 * Message seller on someone else's post (issue 14): a form that opens the
 * conversation about the post (or the one the two already have). Not on your
 * own post; a visitor gets the sign-up prompt ("message"), a signed-in user
 * who is not a student here the verify-school prompt.
 */
export function MessageSellerButton({ postId, authorId }: { postId: string; authorId: string }) {
  const viewer = useOptionalUser();
  const location = useLocation();
  const navigation = useNavigation();
  if (viewer?.id === authorId) return null;
  const prompt = actionPromptHref(viewer, location.pathname + location.search, "message");
  if (prompt) {
    return (
      <p className="message-seller">
        <Link to={prompt} className="button button--primary" preventScrollReset>
          <Icon name="message" /> Message seller
        </Link>
      </p>
    );
  }
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/messages") === true;
  return (
    <Form method="post" action="/messages?index" className="message-seller">
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="postId" value={postId} />
      <button type="submit" className="button button--primary" disabled={busy}>
        <Icon name="message" /> Message seller
      </button>
    </Form>
  );
}
