// The form schemas as the browser loads them (useValidation, on first use).
// A .client module is empty in the server build, so there the schema modules
// are only ever imported statically (from ./index.server).
export const loadAuthSchemas = () => import("./auth");
export const loadAccountSchemas = () => import("./account");
export const loadContactSchemas = () => import("./contact");
export const loadPostSchemas = () => import("./post");
export const loadProfileSchemas = () => import("./profile");
export const loadSchoolSchemas = () => import("./school");
export const loadMessageSchemas = () => import("./message");
export const loadOfferSchemas = () => import("./offer");
export const loadReviewSchemas = () => import("./review");
// Form value types, inferred from the schemas (types only: nothing is loaded).
export type { ChangePasswordForm } from "./auth";
export type { ChangeEmailForm } from "./account";
