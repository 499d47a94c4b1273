import { TIME_ZONE_HINT_SCRIPT } from "~/utils/client-hints";
import { useNonce } from "./nonce";

/**
 * Before the first paint: marks the document as scripted, so .js-only controls
 * appear without a flash, and tells the server the browser's time zone through a
 * cookie (see utils/client-hints). One script element for both.
 */
export function ClientHints() {
  const nonce = useNonce();
  // Browsers hide a script's nonce from the DOM after parsing, so hydration sees "" here.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `document.documentElement.classList.add("js");${TIME_ZONE_HINT_SCRIPT}` }} />;
}
