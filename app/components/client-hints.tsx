import { TIME_ZONE_HINT_SCRIPT } from "~/utils/client-hints";
import { useNonce } from "./nonce";

/** Tells the server the browser's time zone through a cookie (see utils/client-hints). */
export function ClientHints() {
  const nonce = useNonce();
  // Browsers hide a script's nonce from the DOM after parsing, so hydration sees "" here.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: TIME_ZONE_HINT_SCRIPT }} />;
}
