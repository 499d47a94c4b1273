export { loader, action } from "./route.server";
