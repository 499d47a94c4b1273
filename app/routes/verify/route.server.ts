import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { verifyPageAction, verifyPageLoader } from "~/flows/auth-pages.server";

// One server module: the browser build gets a single empty stand-in for it.
export const loader = (args: LoaderFunctionArgs) => verifyPageLoader(args);

export const action = (args: ActionFunctionArgs) => verifyPageAction(args);
