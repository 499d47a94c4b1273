// Any path no other route claims: the not-found page with HTTP 404.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}
