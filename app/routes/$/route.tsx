import { NotFound } from "~/components/not-found";

// Any path no other route claims: the not-found page with HTTP 404.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
