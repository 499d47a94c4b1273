import { Link } from "@remix-run/react";

/** Shown instead of the composer to a user without a verified school email (design A5). */
export function VerifySchoolPrompt() {
  return (
    <section className="panel" aria-labelledby="verify-school-title">
      <h2 id="verify-school-title">Verify your school email</h2>
      <p>
        Posting is for students. Add your school email (for example, one ending in @ou.edu, @utexas.edu, @smu.edu or
        @ufl.edu) and confirm it with the code we send you.
      </p>
      <div className="button-row">
        <Link to="/add-code" className="button button--primary">
          Add school email
        </Link>
        <Link to="/select-city" className="button">
          Choose your school
        </Link>
      </div>
    </section>
  );
}
