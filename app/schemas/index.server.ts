// The form schemas for actions and loaders. Browser code must not import the
// schema modules statically (they would put Zod on every page with a form): it
// loads them on first use with useValidation (app/utils/form.ts). Importing them
// here, through a .server module, keeps them out of the browser build.
export * from "./account";
export * from "./auth";
export * from "./contact";
export * from "./fields";
export * from "./post";
export * from "./profile";
export * from "./school";
export * from "./message";
export * from "./report";
export * from "./offer";
export * from "./review";
export * from "./constraints.server";
