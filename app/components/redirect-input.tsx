/**
 * Where to go once the form is done: the one hidden `redirect` input (none
 * when there is nowhere to go back to); the server checks it again (safePath).
 * Apart from the Conform-bound fields, so a form without them (Continue with
 * Google) loads no Conform for it.
 */
export function RedirectInput({ to }: { to: string | null | undefined }) {
  return to ? <input type="hidden" name="redirect" value={to} /> : null;
}
