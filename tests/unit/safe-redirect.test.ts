// The one safe-redirect rule (docs/product.md §23): only same-site paths, checked as a browser would parse them.
import { describe, expect, it } from "vitest";
import { backTarget, safePath } from "~/utils/navigation";

const REFUSED: [string, unknown][] = [
  ["empty", ""],
  ["not a string", ["/home"]],
  ["undefined", undefined],
  ["relative path", "home"],
  ["absolute URL", "https://evil.example/home"],
  ["scheme-relative", "//evil.example"],
  ["scheme-relative with path", "//evil.example/home"],
  ["backslash after slash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash later in the path", "/a\\b"],
  ["TAB between slashes", "/\t/evil.example"],
  ["percent-encoded TAB between slashes", "/%09/evil.example"],
  ["LF between slashes", "/\n/evil.example"],
  ["percent-encoded CR LF", "/%0d%0a/evil.example"],
  ["header injection", "/home%0d%0aSet-Cookie:%20x=1"],
  ["NUL", "/home\u0000"],
  ["percent-encoded NUL", "/home%00"],
  ["encoded slash after slash", "/%2F/evil.example"],
  ["encoded slash, lower case", "/%2fevil.example"],
  ["encoded backslash after slash", "/%5Cevil.example"],
  ["javascript: URL", "javascript:alert(1)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["leading space", " /home"],
  ["space then scheme-relative", "/ /evil.example"],
  ["DEL character", "/home\u007f"],
  ["C1 control", "/home\u0085"],
  ["bad percent-encoding", "/home%E0%A4%A"],
  ["scheme without slashes", "https:evil.example"],
  ["overlong", `/${"a".repeat(3000)}`],
];

const ACCEPTED: [string, string, string][] = [
  ["plain path", "/home", "/home"],
  ["path with query", "/search?q=books&type=posts", "/search?q=books&type=posts"],
  ["path with hash", "/post/abc#post-def", "/post/abc#post-def"],
  ["encoded space in the query", "/home?category=virtual%20reality", "/home?category=virtual%20reality"],
  ["dot segments stay on the site", "/a/../../settings", "/settings"],
  ["encoded slash later in the path is kept", "/a%2Fb", "/a%2Fb"],
  ["profile with query", "/owner?show=projects", "/owner?show=projects"],
  ["an @ in the path is still a path", "/@evil.example", "/@evil.example"],
];

describe("safePath", () => {
  it.each(REFUSED)("refuses %s", (_name, input) => {
    expect(safePath(input)).toBe("/home");
    expect(safePath(input, "/settings")).toBe("/settings");
  });

  it.each(ACCEPTED)("accepts %s", (_name, input, expected) => {
    expect(safePath(input)).toBe(expected);
  });

  it("keeps every accepted target on the site when resolved against it", () => {
    for (const [, input] of [...REFUSED, ...ACCEPTED.map(([n, i]) => [n, i] as [string, unknown])]) {
      const target = safePath(input);
      expect(new URL(target, "https://utbuysell.com").origin).toBe("https://utbuysell.com");
    }
  });
});

describe("the Back target", () => {
  it("never takes a history entry that is not a safe path", () => {
    const now = Date.now();
    expect(backTarget("/post/1", [{ path: "//evil.example", createdAt: now }], now)).toBe("/home");
    expect(backTarget("/post/1", [{ path: "/\t/evil.example", createdAt: now }], now)).toBe("/home");
    expect(backTarget("/post/1", [{ path: "/search?q=a", createdAt: now }], now)).toBe("/search?q=a");
  });
});
