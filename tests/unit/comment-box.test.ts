// The comment box under a post (docs/product.md §6, §22): on the server an empty
// box is drawn without the form library's state, and must come out exactly as
// the library draws it, ids included, or the browser would hydrate a form whose
// ids are not its own (its checks would then show nowhere).
import type { SubmissionResult } from "@conform-to/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { CommentBox } from "~/components/comment-box";
import { serverComponentsLoaded } from "~/components/on-demand";
import { FragmentRendererProvider } from "~/components/post-parts";
import { createFragmentRenderer } from "~/services/fragment-cache.server";
import type { SessionUser } from "~/utils/user";

function user(extra: Partial<SessionUser> = {}): SessionUser {
  return { id: "u-sam", username: "sam", firstName: "Sam", displayName: "Sam K.", avatarUrl: null, verified: true, schoolVerified: true, profileSetUp: true, isOwner: false, isModerator: false, suspension: null, ...extra };
}

const refused: SubmissionResult<string[]> = { status: "error", initialValue: { intent: "comment", text: "  " }, error: { text: ["Write something first"] } };

/** Two boxes side by side (their ids come from where they stand), as entry.server draws them (onServer) or as the browser does. */
async function render(viewer: SessionUser | null, onServer: boolean, lastResult: SubmissionResult<string[]> | null = null): Promise<string> {
  const boxes = () =>
    createElement(
      "main",
      null,
      createElement("section", null, createElement(CommentBox, { action: "/post/p1", lastResult })),
      createElement("section", null, createElement(CommentBox, { action: "/post/p2" })),
    );
  const Page = () => (onServer ? createElement(FragmentRendererProvider, { value: createFragmentRenderer() }, boxes()) : boxes());
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => ({ user: viewer, origin: "https://ou.example" }), children: [{ id: "page", path: "post/:id", Component: Page }] }]);
  const context = await handler.query(new Request("https://ou.example/post/p1"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

describe("the comment box", () => {
  beforeAll(() => serverComponentsLoaded);

  it("is drawn on the server as the form library draws it, ids and all", async () => {
    const server = await render(user(), true);
    expect(server).toBe(await render(user(), false));
    const ids = [...server.matchAll(/<textarea id="([^"]+)" name="text" form="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(ids).toHaveLength(2);
    for (const [i, [textId, formId]] of ids.entries()) {
      expect(textId).toBe(`${formId}-text`);
      expect(server).toContain(`<form method="post" action="/post/p${i + 1}" id="${formId}" novalidate=""`);
    }
    expect(ids[0]![1]).not.toBe(ids[1]![1]);
  });

  it("keeps a refused draft and its error, the same on the server and in the browser", async () => {
    const server = await render(user(), true, refused);
    expect(server).toBe(await render(user(), false, refused));
    expect(server).toContain("Write something first");
    expect(server).toContain('aria-invalid="true"');
  });

  it("is the sign-up prompt for a visitor and the reason for a suspended student, as before", async () => {
    for (const viewer of [null, user({ schoolVerified: false }), user({ suspension: "Your account is suspended until Dec 1st: spam" })]) {
      expect(await render(viewer, true)).toBe(await render(viewer, false));
    }
    expect(await render(null, true)).toContain("comment-box--visitor");
  });
});
