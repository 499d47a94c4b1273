// Modals and prompts are URL state on the page (app/utils/url-state.ts): the
// links that open and close them are the current address with a parameter
// set or removed.
import { describe, expect, it } from "vitest";
import { signUpPromptHref, withoutModals, withoutSignUpPrompt, withParams } from "~/utils/url-state";

describe("withParams", () => {
  it("sets and removes parameters, keeping the others in their order and the hash", () => {
    expect(withParams("/home?view=grid", { share: "p1" })).toBe("/home?view=grid&share=p1");
    expect(withParams("/home?share=p1&view=grid#post-p1", { share: null })).toBe("/home?view=grid#post-p1");
    expect(withParams("/home?share=p1", { share: "p2" })).toBe("/home?share=p2");
    expect(withParams("/post/abc", { confirm: "delete-post", target: "abc" })).toBe("/post/abc?confirm=delete-post&target=abc");
    expect(withParams("/post/abc?share=abc", { share: null })).toBe("/post/abc");
  });

  it("writes values and the rest of the query as a form does", () => {
    expect(withParams("/search?q=desk%20lamp", { signup: "search" })).toBe("/search?q=desk+lamp&signup=search");
    expect(withParams("/search", { q: "a&b=c #d" })).toBe("/search?q=a%26b%3Dc+%23d");
  });

  it("gives a path on this site whatever it is handed", () => {
    expect(withParams("//evil.example/x?y=1#h", { a: "1" })).toBe("/x?y=1&a=1#h");
    expect(withParams("/a/../b?c=d", { c: null })).toBe("/b");
  });
});

describe("the modal links", () => {
  it("close every modal, and open and close the sign-up prompt", () => {
    expect(withoutModals("/home?view=grid&share=p1&confirm=delete-post&target=p1&signup=like&report=post&notice=suspended")).toBe("/home?view=grid");
    expect(signUpPromptHref("/post/abc?x=1", "like")).toBe("/post/abc?x=1&signup=like");
    expect(withoutSignUpPrompt("/post/abc?signup=like")).toBe("/post/abc");
  });
});

describe("withParams on any address", () => {
  /** What withParams gives, by way of a whole URL each time. */
  function throughUrl(pathWithSearch: string, params: Record<string, string | null>) {
    const url = new URL(pathWithSearch, "http://x");
    const query = new URLSearchParams(url.search);
    for (const [key, value] of Object.entries(params)) {
      if (value === null) query.delete(key);
      else query.set(key, value);
    }
    const search = query.toString();
    return `${url.pathname}${search ? `?${search}` : ""}${url.hash}`;
  }

  it("gives what a URL parser gives, for paths and queries of every kind", () => {
    const pieces = ["/", "/", "a", "post", ".", "..", "%2e", "%2E", "%", "?", "?", "&", "=", "x=1", "share=p", "#", " ", "\t", "\\", "é", "+", "%20", ":", "@", "~", "\u0000"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(random() * 8);
      const path = "/" + Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join("");
      const params: Record<string, string | null> = random() < 0.5 ? { share: "p1" } : { share: null, x: null };
      // An address no parser reads ("//" names an empty host) throws from both.
      const outcome = (f: () => string) => {
        try {
          return f();
        } catch (error) {
          return `throws ${(error as Error).name}`;
        }
      };
      expect(outcome(() => withParams(path, params)), JSON.stringify(path)).toBe(outcome(() => throughUrl(path, params)));
    }
  });
});
