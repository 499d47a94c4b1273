// A photo's description in the composer and on the edit page (docs/product.md §17): an
// optional field under each photo, and with JS a gentle reminder while it is
// empty. Without JS a form cannot add a field per chosen file, so the composer
// also offers the photos one at a time, each file input followed by its
// description: a browser sends fields in document order, and the server gives
// each file the description sent right after it (describedFiles in the post
// submission flow). With JS the composer sends the chosen files the same way.
import { PHOTO_ALT_MAX } from "~/utils/limits";
import { PICKER_ACCEPT } from "~/utils/media-rules";
import { ErrorList } from "./field-errors";

/** The name of a new file's description field; n only tells the fields apart. */
export const newPhotoAltName = (n: number) => `alts.${n}`;

/**
 * "Describe this photo (alt text)" and the reminder under it, which the
 * stylesheet shows on scripted pages while the field is empty (its
 * placeholder shown): no script of its own.
 */
export function PhotoDescription({ name, defaultValue, errors }: { name: string; defaultValue?: string; errors?: string[] }) {
  const id = `${name}-description`;
  return (
    <div className="field photo-description">
      <label htmlFor={id}>Describe this photo (alt text)</label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={PHOTO_ALT_MAX}
        placeholder="What does it show?"
        autoComplete="off"
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${id}-reminder${errors ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-reminder`} className="photo-description__reminder">
        Add a description to help people using screen readers
      </p>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * Without JS: `count` photos one at a time, each a file input and its
 * description, in that order (see above). Inside <noscript>, so a scripted
 * page has none of these fields; open when the server sent the form back.
 */
export function NewPhotoSlots({
  count,
  drafts,
  errors,
  accept = PICKER_ACCEPT,
}: {
  count: number;
  drafts?: Record<string, string>;
  errors: Record<string, string[] | undefined>;
  accept?: string;
}) {
  const slots = [...Array(count).keys()];
  return (
    <noscript>
      <details className="photo-slots" open={!!drafts}>
        <summary>Add photos one at a time, each with a description</summary>
        {slots.map((n) => (
          <fieldset key={n} className="photo-slots__slot">
            <legend>Photo {n + 1}</legend>
            <input type="file" name="files" accept={accept} aria-label={`Photo ${n + 1}`} />
            <PhotoDescription name={newPhotoAltName(n)} defaultValue={drafts?.[n]} errors={errors[newPhotoAltName(n)]} />
          </fieldset>
        ))}
      </details>
    </noscript>
  );
}
