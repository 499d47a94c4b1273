import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { forgotPasswordPageAction } from "~/flows/auth-pages.server";

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { sent: url.searchParams.get("sent") === "1", email: url.searchParams.get("email") ?? "" };
}

// One server module: the browser build gets a single empty stand-in for it.
export const action = (args: ActionFunctionArgs) => forgotPasswordPageAction(args);
