import { NotFound } from "~/components/not-found";

export { pageMeta as meta } from "~/utils/meta";
export { loader } from "./route.server";

export default function CatchAll() {
  return <NotFound />;
}
