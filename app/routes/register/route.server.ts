import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { registerPageAction, registerPageLoader } from "~/flows/auth-pages.server";

// One server module: the browser build gets a single empty stand-in for it.
export const loader = (args: LoaderFunctionArgs) => registerPageLoader(args);

export const action = (args: ActionFunctionArgs) => registerPageAction(args);
