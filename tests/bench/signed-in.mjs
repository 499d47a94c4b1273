// Signed-in pages against the floor app (docs/product.md §22): a school-verified
// student's /home and a post page with 20 comments, every request rendered (a
// signed-in page is never shared), and the database statements per /home.
// The server must run with COUNT_STATEMENTS=1 (it names them in X-Db-Statements).
import { signUpViaHttp } from "./server.mjs";

export const SIGNED_IN_BUDGET = { home: 0.3, post: 0.25, homeStatements: 5 };
const COMMENTS = 20;

/** A student who posted a listing with 20 comments: their cookie header and the post's path. */
export async function signedInStudent(base) {
  const student = await signUpViaHttp(base, `bench-student-${Date.now()}@ou.edu`);
  const post = new FormData();
  post.set("intent", "send");
  post.set("text", "Bench listing with comments: desk lamp, works fine.");
  post.set("price", "12.00");
  post.set("priceTerms", "firm");
  post.set("condition", "good");
  post.set("pickupSpot", "ou-union");
  const posted = await student.request("/create/post?goBack=/home", { method: "POST", body: post });
  if (posted.status !== 302) throw new Error(`Posting failed: ${posted.status}`);
  // The newest post on /home is the one just posted.
  const home = await (await student.request("/home")).text();
  const id = home.match(/href="\/post\/([\w-]+)"/)?.[1];
  if (!id) throw new Error("The new post is not on /home");
  for (let i = 0; i < COMMENTS; i++) {
    const comment = new FormData();
    comment.set("intent", "send");
    comment.set("text", `Bench comment ${i}: is this still available? Could you hold it until Friday?`);
    const res = await student.request(`/create/comment/${id}?type=post`, { method: "POST", body: comment });
    if (res.status !== 302) throw new Error(`Commenting failed: ${res.status}`);
  }
  // The last comment's "Your reply was sent" is shown once and then gone, as in a browser: the
  // pages measured are the student's everyday ones, not each one clearing that alert again.
  for (let i = 0; i < 2; i++) await (await student.request("/home")).arrayBuffer();
  if (student.cookies().some(([name]) => name.includes("alert"))) throw new Error("The alert cookie outlived two pages");
  const cookie = student.cookies().map(([k, v]) => `${k}=${v}`).join("; ");
  return { cookie, postPath: `/post/${id}` };
}

/** The X-Db-Statements of one request (null when the server does not count them). */
export async function statementsOf(url, headers) {
  const res = await fetch(url, { headers, redirect: "manual" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const n = res.headers.get("X-Db-Statements");
  return n === null ? null : Number(n);
}

/**
 * Prints the statements per signed-in /home and returns the throughput targets
 * for reportThroughput: /home and the post page, with the student's cookie
 * and a browser's Accept-Encoding (so compression is part of the cost).
 */
export async function signedInTargets(base, label) {
  const { cookie, postPath } = await signedInStudent(base);
  const floorHeaders = { "Accept-Encoding": "gzip, deflate, br" };
  const headers = { ...floorHeaders, Cookie: cookie };
  await statementsOf(`${base}/home`, headers); // the first request may renew the session or warm caches
  const home = await statementsOf(`${base}/home`, headers);
  const post = await statementsOf(`${base}${postPath}`, headers);
  const ok = home !== null && home <= SIGNED_IN_BUDGET.homeStatements;
  console.log(
    `Database statements per signed-in request on ${label}: /home ${home ?? "not counted (COUNT_STATEMENTS=1)"} (budget ≤ ${SIGNED_IN_BUDGET.homeStatements}) ${ok ? "ok" : "OVER"}; /post/{id} with ${COMMENTS} comments ${post ?? "not counted"}`,
  );
  return [
    { url: `${base}/home`, label: `${label}, signed-in /home (a school-verified student)`, headers, budget: SIGNED_IN_BUDGET.home, floorHeaders },
    { url: `${base}${postPath}`, label: `${label}, signed-in /post/{id} with ${COMMENTS} comments`, headers, budget: SIGNED_IN_BUDGET.post, floorHeaders },
  ];
}
