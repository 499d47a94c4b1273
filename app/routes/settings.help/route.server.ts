import { config } from "~/services/config.server";

export function loader() {
  return { email: config().contactEmail };
}
