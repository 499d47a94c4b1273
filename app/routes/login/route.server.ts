import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { loginPageAction, loginPageLoader } from "~/flows/auth-pages.server";

// One server module: the browser build gets a single empty stand-in for it.
export const loader = (args: LoaderFunctionArgs) => loginPageLoader(args);

export const action = (args: ActionFunctionArgs) => loginPageAction(args);
