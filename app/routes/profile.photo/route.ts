export { action } from "./route.server";
