import { campusForHost, type Campus } from "~/models/campuses.server";

/**
 * The campus site a request came to, chosen by its host name: the one
 * trustedHostMiddleware settled (a forwarded host counts only from a trusted
 * proxy). A host that names no campus site gets the default one.
 */
export function campusForRequest(request: Request): Promise<Campus> {
  return campusForHost(new URL(request.url).host);
}
