// The web app manifest (docs/product.md §26), a resource route: the loader answers it.
export { loader } from "./route.server";
