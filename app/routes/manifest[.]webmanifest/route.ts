// The web app manifest (docs/product.md §25), a resource route: the loader answers it.
export { loader } from "./route.server";
