import { NotFound } from "~/components/not-found";

export { loader } from "./route.server";

export default function CatchAll() {
  return <NotFound />;
}
