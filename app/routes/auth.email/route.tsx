export { loader } from "./route.server";
