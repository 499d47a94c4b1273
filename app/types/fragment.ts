import type { ReactElement } from "react";

/** Renders `element` to HTML, or gives the HTML it rendered before under the same `key` (app/components/fragment-cache.tsx). */
export type FragmentRenderer = (key: string, element: ReactElement) => string;
