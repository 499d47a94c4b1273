// The request-bound half of signing in, on remix-auth 3: email + password
// (remix-auth-form), magic link (remix-auth-email-link) and Google
// (remix-auth-google). Each strategy only proves who the user is and returns an
// AuthResult; completeSignIn then starts a DB session with createSessionCookie
// (a new id at every sign-in). The rules themselves are app/flows/auth.server.ts.
//
// remix-auth needs a SessionStorage for what a flow carries between requests
// (OAuth state, the magic link a browser asked for, the page to return to):
// that is the short-lived signed `__auth` cookie below, not the user session.
import { createCookieSessionStorage, redirect, type AppLoadContext, type Cookie } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import type { MagicLinkValues } from "~/schemas/index.server";
import { EmailLinkStrategy } from "remix-auth-email-link";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import * as z from "zod";
import { AuthError, googleSignIn, passwordSignIn } from "~/models/accounts.server";
import { sendMagicLinkEmail } from "~/models/auth-mail.server";
import { campusForRequest } from "~/http/campus.server";
import { createVerification, VERIFICATION_TTL_MS } from "~/models/verifications.server";
import type { AuthErrorCode } from "~/utils/auth-messages";
import { parseGoogleName } from "~/utils/names";
import { config } from "~/services/config.server";
import { appCookie } from "~/services/cookies.server";
import { createSessionCookie, destroySessionCookie } from "~/services/session.server";
import { absoluteUrl } from "~/services/urls.server";
import { claimableEmail, completeMagicLink, finishSignIn, magicLinkRefusal, type AuthResult } from "~/flows/auth.server";

export type { AuthResult } from "~/flows/auth.server";

type FlowData = {
  /** Ids of the magic links this browser asked for (the same-browser check of docs/product.md §3). */
  magic?: string[];
  /** The page to return to after Google. */
  returnTo?: string;
};

type FlowStorage = ReturnType<typeof createCookieSessionStorage<FlowData>>;
const flowCookie = appCookie("__auth", { maxAge: VERIFICATION_TTL_MS / 1000 });
const flowStorages = new WeakMap<Cookie, FlowStorage>();

/** The flow storage on this request's `__auth` cookie (Secure and prefixed as cookies.server decides). */
function flowStorage(request: Request): FlowStorage {
  const cookie = flowCookie(request);
  let storage = flowStorages.get(cookie);
  if (!storage) {
    storage = createCookieSessionStorage<FlowData>({ cookie });
    flowStorages.set(cookie, storage);
  }
  return storage;
}

/** A copy of `request` whose `__auth` cookie carries `changes` (strategies read and re-commit it). */
async function withFlow(request: Request, changes: (data: FlowData) => void, init: { body?: URLSearchParams; method?: string } = {}) {
  const storage = flowStorage(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const data: FlowData = { magic: session.get("magic"), returnTo: session.get("returnTo") };
  changes(data);
  session.set("magic", data.magic ?? []);
  if (data.returnTo) session.set("returnTo", data.returnTo);
  const committed = await storage.commitSession(session);
  const headers = new Headers(request.headers);
  const others = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .filter((c) => c && !c.startsWith(`${flowCookie(request).name}=`));
  headers.set("Cookie", [...others, committed.split(";")[0]!].join("; "));
  // remix-auth-email-link builds its own link from the Host header (we only take the token from it).
  if (!headers.has("Host")) headers.set("Host", new URL(request.url).host);
  if (init.body) headers.set("Content-Type", "application/x-www-form-urlencoded");
  else headers.delete("Content-Type");
  headers.delete("Content-Length");
  return new Request(request.url, { method: init.method ?? request.method, headers, body: init.body });
}

export async function readFlow(request: Request): Promise<FlowData> {
  const session = await flowStorage(request).getSession(request.headers.get("Cookie"));
  return { magic: session.get("magic"), returnTo: session.get("returnTo") };
}

/** The Set-Cookie that ends the flow cookie. */
export async function clearFlowCookie(request: Request): Promise<string> {
  const storage = flowStorage(request);
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}

function thrownSetCookie(thrown: unknown): string | null {
  return thrown instanceof Response ? thrown.headers.get("Set-Cookie") : null;
}

// ---------------------------------------------------------------- password

function passwordAuthenticator(request: Request) {
  return new Authenticator<AuthResult>(flowStorage(request), { throwOnError: true }).use(
    new FormStrategy(async ({ form }) => {
      const user = await passwordSignIn(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      return { userId: user.id, isNew: false, redirectTo: null };
    }),
    "password",
  );
}

/** Email + password (already checked by loginSchema). Throws AuthError. */
export async function authenticateWithPassword(request: Request, form: { email: string; password: string }, context: AppLoadContext) {
  const formData = new FormData();
  formData.set("email", form.email);
  formData.set("password", form.password);
  try {
    // The action has read the body already: hand the strategy a body-less copy and the parsed form.
    const copy = new Request(request.url, { headers: request.headers });
    return await passwordAuthenticator(request).authenticate("password", copy, { context: { ...context, formData } });
  } catch (error) {
    if (error instanceof Response) throw error;
    throw new AuthError(authCause(error));
  }
}

function authCause(error: unknown) {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof AuthError) return cause.code;
  if (error instanceof AuthError) return error.code;
  console.error(error);
  return "internal-error" as const;
}

// -------------------------------------------------------------- magic link

const emailCheck = z.email();

function magicLinkAuthenticator(request: Request) {
  return new Authenticator<AuthResult>(flowStorage(request), { throwOnError: true }).use(
    new EmailLinkStrategy<AuthResult>(
      {
        secret: config().sessionSecret,
        callbackURL: "/auth/magic",
        linkExpirationTime: VERIFICATION_TTL_MS,
        verifyEmailAddress: async (email) => {
          if (!emailCheck.safeParse(email).success) throw new AuthError("invalid-email");
        },
        sendEmail: async ({ emailAddress, magicLink, form }) => {
          const token = new URL(magicLink).searchParams.get("token") ?? "";
          const link = `/auth/magic?${new URLSearchParams({ token, id: String(form.get("vid")) })}`;
          await sendMagicLinkEmail(emailAddress, { url: absoluteUrl(request, link), registering: !!form.get("first") });
        },
      },
      async ({ email, form, magicLinkVerify }) => {
        // Asked while sending, only to pass a user to sendEmail: not needed.
        if (!magicLinkVerify) throw new Error("not needed");
        return completeMagicLink(email, `${form.get("vid")}.${form.get("lid")}`);
      },
    ),
    "email-link",
  );
}

/** A checked magic-link form (its type inferred from the schema), for the campus of the site it was sent to. */
export type MagicLinkRequest = MagicLinkValues & { campusId: string };

/**
 * Sends a magic link and remembers in this browser that it asked for it.
 * Returns the Set-Cookie for the flow cookie. Throws AuthError("send-failed").
 */
export async function sendMagicLink(request: Request, input: MagicLinkRequest): Promise<string> {
  const registering = !!(input.first && input.last);
  const payload: Record<string, string> = { campusId: input.campusId };
  if (registering) Object.assign(payload, { first: input.first, last: input.last });
  if (input.redirect) payload.redirect = input.redirect;
  const created = await createVerification({ type: "magic-link", target: input.email, payload });
  const [vid, lid] = created.token.split(".");
  const body = new URLSearchParams({ email: input.email, vid: vid!, lid: lid! });
  if (registering) {
    body.set("first", input.first!);
    body.set("last", input.last!);
  }
  const sendRequest = await withFlow(request, (d) => (d.magic = [...(d.magic ?? []), vid!].slice(-5)), { body, method: "POST" });
  try {
    await magicLinkAuthenticator(request).authenticate("email-link", sendRequest, { successRedirect: "/login/sent" });
  } catch (thrown) {
    const setCookie = thrownSetCookie(thrown);
    if (setCookie) return setCookie;
    if (thrown instanceof AuthError) throw thrown;
    console.error(thrown);
  }
  throw new AuthError("send-failed");
}

/** Did this browser ask for magic link `id`? */
export async function askedForMagicLink(request: Request, id: string | null): Promise<boolean> {
  return !!id && ((await readFlow(request)).magic ?? []).includes(id);
}

/**
 * Completes a magic link (the token of its URL). Throws AuthError: "wrong-email"
 * for an expired, used, altered or foreign link.
 */
export async function authenticateMagicLink(request: Request, token: string): Promise<AuthResult> {
  // crypto-js output is base64 of "Salted__…": anything else is not one of our links.
  if (!/^U2FsdGVkX1[A-Za-z0-9+/]+=*$/.test(token)) throw new AuthError("wrong-email");
  const url = new URL("/auth/magic", request.url);
  url.searchParams.set("token", token);
  const get = new Request(url, { headers: request.headers });
  try {
    return await magicLinkAuthenticator(request).authenticate("email-link", get);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    if (error instanceof Error && error.cause instanceof AuthError) throw error.cause;
    // Undecryptable, expired or malformed token.
    throw new AuthError("wrong-email");
  }
}

// ------------------------------------------------------------------ Google

type VerifyGoogle = ConstructorParameters<typeof GoogleStrategy<AuthResult>>[1];

/**
 * Google, or a local OAuth 2.0 server standing in for it in tests
 * (GOOGLE_OAUTH_BASE_URL): same flow, state check and token exchange.
 */
class CampusGoogleStrategy extends GoogleStrategy<AuthResult> {
  private readonly userInfoEndpoint: string;
  constructor(options: ConstructorParameters<typeof GoogleStrategy<AuthResult>>[0], verify: VerifyGoogle, baseUrl?: string) {
    super(options, verify);
    this.userInfoEndpoint = baseUrl ? `${baseUrl}/userinfo` : "https://www.googleapis.com/oauth2/v3/userinfo";
    if (baseUrl) {
      this.authorizationURL = `${baseUrl}/authorize`;
      this.tokenURL = `${baseUrl}/token`;
    }
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.userInfoEndpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new AuthError("google");
    const raw = (await response.json()) as GoogleProfile["_json"];
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

function googleAuthenticator(request: Request, campusId: string) {
  const google = config().google;
  if (!google) throw new AuthError("google");
  const callbackURL = absoluteUrl(request, "/auth/google/callback");
  return new Authenticator<AuthResult>(flowStorage(request), { throwOnError: true }).use(
    new CampusGoogleStrategy(
      { clientID: google.clientId, clientSecret: google.clientSecret, callbackURL, prompt: "select_account" },
      async ({ profile }) => {
        const raw = profile._json;
        const emailVerified = raw.email_verified === true || String(raw.email_verified) === "true";
        const { user, isNew } = await googleSignIn(
          { sub: raw.sub ?? profile.id, email: raw.email ?? "", emailVerified, name: raw.name, picture: raw.picture },
          campusId,
          parseGoogleName(raw.name ?? profile.displayName),
        );
        return { userId: user.id, isNew, redirectTo: null };
      },
      google.oauthBaseUrl,
    ),
    "google",
  );
}

/** Starts Google sign-in: the redirect to the provider (with the state in the flow cookie). */
export async function startGoogle(request: Request, campusId: string, returnTo: string | null): Promise<Response> {
  const start = await withFlow(request, (d) => {
    if (returnTo) d.returnTo = returnTo;
  }, { method: "GET" });
  try {
    await googleAuthenticator(request, campusId).authenticate("google", start);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown;
    if (!(thrown instanceof AuthError)) console.error(thrown);
  }
  throw new AuthError("google");
}

/** Finishes Google sign-in on the callback. Throws AuthError ("google" or "banned"). */
export async function finishGoogle(request: Request, campusId: string): Promise<AuthResult> {
  const returnTo = (await readFlow(request)).returnTo ?? null;
  try {
    const result = await googleAuthenticator(request, campusId).authenticate("google", request);
    return { ...result, redirectTo: returnTo };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof AuthError ? error.cause : error;
    if (cause instanceof AuthError && cause.code === "banned") throw cause;
    if (!(cause instanceof AuthError)) console.error(error);
    throw new AuthError("google");
  }
}

// ------------------------------------------------------- shared endings

/**
 * Starts the session after any sign-in: ends this browser's old session, a new
 * session id, the analytics event, and the redirect — to /verify while the
 * email is unverified, else to the return path (same-site only) or /home.
 */
export async function completeSignIn(
  request: Request,
  result: AuthResult,
  opts: { redirectTo?: string | null; headers?: HeadersInit } = {},
): Promise<Response> {
  const { user, target } = await finishSignIn(result, opts.redirectTo);
  const headers = new Headers(opts.headers);
  await destroySessionCookie(request);
  headers.append("Set-Cookie", await createSessionCookie(request, user.id));
  return redirect(target, { headers });
}

/**
 * Magic link request (login no-password, Resend Email): banned, unknown-address
 * and abuse checks, then the email. Returns the flow cookie, or the refusal.
 */
export async function requestMagicLink(
  request: Request,
  clientIp: string,
  input: Omit<MagicLinkRequest, "campusId">,
): Promise<{ ok: true; setCookie: string } | { ok: false; code: AuthErrorCode; needsName?: boolean }> {
  const email = input.email.toLowerCase();
  const refusal = await magicLinkRefusal({ email, registering: !!(input.first && input.last), clientIp });
  if (refusal) return refusal;
  try {
    const setCookie = await sendMagicLink(request, { ...input, email, campusId: (await campusForRequest(request)).id });
    return { ok: true, setCookie };
  } catch (error) {
    return { ok: false, code: error instanceof AuthError ? error.code : "send-failed" };
  }
}

/**
 * "Claim this account" on an unverified profile (docs/product.md §3): the sign-in link goes to
 * the account's own address, which the visitor neither chooses nor sees. Opening
 * it proves the address (proveEmail: whoever registered it loses the password
 * and sessions they had).
 */
export async function requestClaimLink(
  request: Request,
  clientIp: string,
  username: string,
): Promise<{ ok: true; setCookie: string } | { ok: false; code: AuthErrorCode }> {
  const email = await claimableEmail(username);
  if (!email) return { ok: false, code: "other" };
  return requestMagicLink(request, clientIp, { email });
}
