// A page's data for hydration is encoded by turbo-stream (Remix's single fetch);
// the patch in .patches/ writes its flatten step without a closure, a work stack
// and a template string per value (docs/product.md §22). The output must stay the
// same to the byte: the browser's decoder is unpatched. The expected strings
// below are what turbo-stream 2.4.1 writes unpatched.
import { encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";
import { decode, encode, type EncodePlugin } from "turbo-stream";
import { describe, expect, it } from "vitest";

/** The stream's text. */
async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk, { stream: true });
  return out;
}

const redirectMark = Symbol("redirect");
// Shaped as Remix's own: errors and redirects by plugins, class instances and the rest after.
const plugins: EncodePlugin[] = [
  (v) => {
    if (v instanceof Error) return ["SanitizedError", v.name, v.message];
    if (v && typeof v === "object" && redirectMark in v) return ["SingleFetchRedirect", (v as Record<symbol, unknown>)[redirectMark]];
    return undefined;
  },
];
const postPlugins: EncodePlugin[] = [
  (v) => (v && typeof v === "object" ? ["SingleFetchClassInstance", Object.fromEntries(Object.entries(v))] : undefined),
  () => ["SingleFetchFallback"],
];
const encoded = (value: unknown, withPlugins = true) => text(encode(value, withPlugins ? { plugins, postPlugins } : {}));

class Point {
  x = 1;
  y = "a";
}
const shared = { id: "u1", name: "Ann" };
function nullProto() {
  const value = Object.create(null) as Record<string, unknown>;
  value.a = 1;
  value.b = shared;
  return value;
}
const special = () => [
  new Date(0),
  new URL("https://x.test/a?b=1"),
  /ab/g,
  new Set([1, shared]),
  new Set(),
  new Map<unknown, unknown>([
    ["k", shared],
    [shared, 2],
  ]),
  new Map(),
  new Error("boom"),
  new TypeError("bad"),
  nullProto(),
  Symbol.for("s"),
];

describe("a page's data as turbo-stream writes it", () => {
  it("writes numbers, strings and the special numbers as before", async () => {
    expect(await encoded([0, -0, 1.5, NaN, Infinity, -Infinity, true, false, null, undefined, "", 'q"\\\n\u2028</script>', 10n])).toBe(SCALARS);
    // A -0 after a 0 is the 0 met before (a Map's key), as before.
    expect(await encoded([0, -0, "0"])).toBe(ZERO_THEN_NEGATIVE);
  });

  it("writes a value met before as its first index, and holes as holes", async () => {
    expect(await encoded({ a: shared, b: shared, c: [shared, "Ann", "Ann"], d: { Ann: "Ann" } })).toBe(REFS);
    expect(await encoded([1, , 3])).toBe(SPARSE);
  });

  it("writes dates, addresses, patterns, sets, maps, errors and objects without a prototype as before, with and without plugins", async () => {
    expect(await encoded(special())).toBe(SPECIAL);
    expect(await encoded(special(), false)).toBe(SPECIAL_PLAIN);
  });

  it("hands class instances, redirects, functions and local symbols to the plugins as before", async () => {
    expect(await encoded({ p: new Point() })).toBe(CLASS_INSTANCE);
    await expect(encoded({ p: new Point() }, false)).rejects.toThrow("Cannot encode object with prototype");
    expect(await encoded({ r: { [redirectMark]: { redirect: "/x", status: 302 } } })).toBe(REDIRECT);
    expect(await encoded({ f: () => 1, s: Symbol("local") })).toBe(FUNCTIONS);
  });

  it("writes promises' values and rejections after the first line, as before", async () => {
    const value = { a: Promise.resolve({ b: shared }), shared, c: Promise.reject(new Error("no")) };
    expect(await encoded(value)).toBe(PROMISES);
  });

  it("gives the browser's decoder back a page's data through Remix's own encoder", async () => {
    const author = { id: "u1", username: "ann", displayName: "Ann B.", avatarUrl: null };
    const data = {
      root: { user: author, campus: { id: "ou", name: "OU" }, unread: 0, alert: null },
      "routes/post.$id": {
        post: { id: "p1", text: [{ text: "Desk lamp — works fine </script>" }], author, price: "$12 Firm", media: [], saved: false },
        comments: Array.from({ length: 20 }, (_, i) => ({
          id: `c${i}`,
          author,
          text: [{ text: `Comment ${i}: is this still available?` }],
          time: { iso: `2026-11-30T02:49:${String(i).padStart(2, "0")}.000Z`, ago: "0 seconds ago" },
          replies: [],
          likeCount: i % 3,
          edited: i === 4 ? undefined : false,
        })),
      },
    };
    const stream = encodeViaTurboStream(data, new AbortController().signal, 4950, "production" as never);
    const { value } = await decode(stream as ReadableStream<Uint8Array>);
    expect(value).toEqual(data);
  });
});

const SCALARS = "[[1,1,2,-2,-6,-3,3,4,-5,-7,5,6,7],0,1.5,true,false,\"\",\"q\\\"\\\\\\n\u2028</script>\",[\"B\",\"10\"]]\n";
const ZERO_THEN_NEGATIVE = "[[1,1,2],0,\"0\"]\n";
const REFS = "[{\"_1\":2,\"_7\":2,\"_8\":9,\"_10\":11},\"a\",{\"_3\":4,\"_5\":6},\"id\",\"u1\",\"name\",\"Ann\",\"b\",\"c\",[2,6,6],\"d\",{\"_6\":6}]\n";
const SPARSE = "[[1,-1,2],1,3]\n";
const SPECIAL = "[[1,2,3,4,11,12,15,16,19,22,25],[\"D\",0],[\"U\",\"https://x.test/a?b=1\"],[\"R\",\"ab\",\"g\"],[\"S\",5,6],1,{\"_7\":8,\"_9\":10},\"id\",\"u1\",\"name\",\"Ann\",[\"S\"],[\"M\",13,6,6,14],\"k\",2,[\"M\"],[\"SanitizedError\",17,18],\"Error\",\"boom\",[\"SanitizedError\",20,21],\"TypeError\",\"bad\",[\"N\",{\"_23\":5,\"_24\":6}],\"a\",\"b\",[\"Y\",\"s\"]]\n";
const SPECIAL_PLAIN = "[[1,2,3,4,11,12,15,16,17,18,21],[\"D\",0],[\"U\",\"https://x.test/a?b=1\"],[\"R\",\"ab\",\"g\"],[\"S\",5,6],1,{\"_7\":8,\"_9\":10},\"id\",\"u1\",\"name\",\"Ann\",[\"S\"],[\"M\",13,6,6,14],\"k\",2,[\"M\"],[\"E\",\"boom\"],[\"E\",\"bad\",\"TypeError\"],[\"N\",{\"_19\":5,\"_20\":6}],\"a\",\"b\",[\"Y\",\"s\"]]\n";
const CLASS_INSTANCE = "[{\"_1\":2},\"p\",[\"SingleFetchClassInstance\",3],{\"_4\":5,\"_6\":7},\"x\",1,\"y\",\"a\"]\n";
const REDIRECT = "[{\"_1\":2},\"r\",[\"SingleFetchRedirect\",3],{\"_4\":5,\"_6\":7},\"redirect\",\"/x\",\"status\",302]\n";
const FUNCTIONS = "[{\"_1\":2,\"_3\":4},\"f\",[\"SingleFetchFallback\"],\"s\",[\"SingleFetchFallback\"]]\n";
const PROMISES = "[{\"_1\":2,\"_3\":4,\"_9\":10},\"a\",[\"P\",2],\"shared\",{\"_5\":6,\"_7\":8},\"id\",\"u1\",\"name\",\"Ann\",\"c\",[\"P\",10]]\nP2:[{\"_12\":4},\"b\"]\nE10:[[\"SanitizedError\",14,15],\"Error\",\"no\"]\n";
