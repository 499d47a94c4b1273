import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CommentBox } from "~/components/comment-box";
import { CommentThread } from "~/components/comment-thread";
import { DeleteFromUrl } from "~/components/confirm-delete";
import { DoesNotExist } from "~/components/not-found";
import { PostCard } from "~/components/post-card";
import { campusForRequest } from "~/models/campuses.server";
import { getParentChain, getPost, getThread, type CommentNode } from "~/models/posts.server";
import { deleteAction, likeAction, renewAction, statusAction } from "~/flows/post-actions.server";
import { ListingControls, type ListingControlsView } from "~/components/listing-controls";
import { MessageSellerButton } from "~/components/message-seller";
import { getListingRow, listingState } from "~/models/listings.server";
import { timeView } from "~/utils/time.server";
import { readPostFormOrRefuse, submitPost } from "~/flows/post-submission.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import type { RouteHandle } from "~/utils/route-handle";
import { siteOrigin } from "~/services/urls.server";

export const handle: RouteHandle = {
  title: (d) => {
    const post = (d as { post?: { author: { firstName: string } } } | undefined)?.post;
    return post ? `${post.author.firstName}'s post` : "Post";
  },
};

function findNode(nodes: CommentNode[], id: string): CommentNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.replies, id);
    if (found) return found;
  }
  return undefined;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const viewer = await getOptionalUser(request);
  const found = await getPost(params.id ?? "", campus.timeZone, viewer?.id);
  if (found.status === "missing") return data({ status: "missing" as const, post: null, chain: [], comments: [], listing: null, mine: false }, { status: 404 });
  if (found.status === "deleted") return data({ status: "deleted" as const, post: null, chain: [], comments: [], listing: null, mine: false }, { status: 410 });
  const post = found.post;
  // One query for the whole thread; a reply's page shows what hangs below it.
  const thread = await getThread({ rootId: post.rootId ?? post.id }, campus.timeZone, viewer?.id);
  const comments = post.rootId ? (findNode(thread, post.id)?.replies ?? []) : thread;
  // The author's own top-level post: its listing buttons (status, renew, edit).
  const mine = viewer?.id === post.author.id && !post.parentId && !post.gameId && !post.projectId;
  const row = mine ? await getListingRow(post.id) : null;
  const state = row ? listingState(row) : null;
  const listing: ListingControlsView | null =
    state?.isListing ? { status: state.status, expired: state.expired, renewable: state.renewable, nextRenew: timeView(state.nextRenewAt, campus.timeZone) } : null;
  return { status: "ok" as const, post, chain: await getParentChain(post, campus.timeZone, viewer?.id), comments, listing, mine };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const user = await requireUser(request);
  const read = await readPostFormOrRefuse(request);
  if (read.refused) return data(read.refused.reply, { status: read.refused.status });
  const form = read.form!;
  try {
    const intent = form.formData.get("intent");
    if (intent === "like") return await likeAction(request, form.formData, user, id);
    if (intent === "delete") return await deleteAction(request, form.formData, user.id, id);
    if (intent === "status") return await statusAction(request, form.formData, user.id, id);
    if (intent === "renew") return await renewAction(request, user.id, id);
    if (intent === "comment") {
      const campus = await campusForRequest(request);
      const result = await submitPost(form.formData, { author: user, campusId: campus.id, origin: siteOrigin(request), target: { kind: "comment", parentId: id } });
      if (!result.ok) return data(result.reply, { status: result.status });
      return redirectWithAlert(request, `/post/${id}#post-${result.id}`, { type: "success", message: "Your reply was sent" });
    }
    throw new Response("Bad Request", { status: 400 });
  } finally {
    await form.cleanup();
  }
}

export default function PostPage() {
  const { status, post, chain, comments, listing, mine } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (status === "missing") return <DoesNotExist />;
  if (status === "deleted" || !post) {
    return <p className="panel empty-state">Sorry, that post has been deleted.</p>;
  }
  return (
    <div className="stack">
      {chain.length ? (
        <div className="parent-chain" role="group" aria-label="Replying to">
          {chain.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </div>
      ) : null}
      <PostCard post={post} detail />
      {mine ? <ListingControls postId={post.id} listing={listing} /> : null}
      {!post.parentId && !post.gameId && !post.projectId ? <MessageSellerButton postId={post.id} authorId={post.author.id} /> : null}
      <section aria-labelledby="comments-title" className="panel" id="comments">
        <h2 id="comments-title" className="section-title">
          Comments
        </h2>
        <CommentBox action={`/post/${post.id}`} lastResult={lastResult && "status" in lastResult ? lastResult : null} />
        {comments.length ? <CommentThread comments={comments} /> : <p className="muted">No comments yet.</p>}
      </section>
      {/* Deleting the page's own post leaves for its parent, or the feed. */}
      <DeleteFromUrl returnToFor={(id) => (id === post.id ? (post.parentId ? `/post/${post.parentId}` : "/home") : undefined)} />
    </div>
  );
}
