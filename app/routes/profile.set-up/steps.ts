// Profile set-up: picture, then bio, then done. Each step is its own page
// (?step=…), so it works as separate steps without JS.
export const HERE = "/profile/set-up";
export const STEPS = ["photo", "bio", "done"] as const;
export type Step = (typeof STEPS)[number];
export const stepOf = (value: string | null): Step => ((STEPS as readonly string[]).includes(value ?? "") ? (value as Step) : "photo");
export const stepUrl = (step: Step) => `${HERE}?step=${step}`;
