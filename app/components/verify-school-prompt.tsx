import { Link, useLocation } from "@remix-run/react";
import { withoutVerifySchoolPrompt } from "~/utils/url-state";
import { Dialog } from "./dialog";

const TITLE = "Verify your school email";

function VerifySchoolBody() {
  return (
    <>
      <p>
        Posting, commenting and saving are for students. Add your school email (for example, one ending in @ou.edu,
        @utexas.edu, @smu.edu or @ufl.edu) and confirm it with the code we send you.
      </p>
      <div className="button-row">
        <Link to="/add-code" className="button button--primary">
          Add school email
        </Link>
        <Link to="/select-city" className="button">
          Choose your school
        </Link>
      </div>
    </>
  );
}

/** Shown instead of the composer to a user without a verified school email (docs/product.md §4). */
export function VerifySchoolPrompt() {
  return (
    <section className="panel" aria-labelledby="verify-school-title">
      <h2 id="verify-school-title">{TITLE}</h2>
      <VerifySchoolBody />
    </section>
  );
}

/**
 * The same prompt as a modal, opened by `?verify=school` on any page (the
 * comment box and Save of a signed-in user who is not a student here link to
 * it), so the server renders it without JS (open: components/url-prompts.tsx).
 */
export function VerifySchoolDialog() {
  const location = useLocation();
  return (
    <Dialog title={TITLE} id="verify-school-dialog" closeHref={withoutVerifySchoolPrompt(location.pathname + location.search)} closeButton>
      <VerifySchoolBody />
    </Dialog>
  );
}
