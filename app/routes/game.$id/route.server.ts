// /game/{id}?show=about|comments (docs/product.md §20): the page games and projects share.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { portfolioAction, portfolioLoader } from "~/http/portfolio-page.server";

export function loader(args: LoaderFunctionArgs) {
  return portfolioLoader("game", args);
}

export function action(args: ActionFunctionArgs) {
  return portfolioAction("game", args);
}
