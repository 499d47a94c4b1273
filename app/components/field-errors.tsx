// A field's and a form's error messages. Kept apart from the Conform-bound fields
// (forms.tsx), so a page whose forms need no Conform (the feed filters) loads none.

type Errors = string[] | undefined;

export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** Errors of the whole form, announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
