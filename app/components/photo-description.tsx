// A photo's description in the composer and on the edit page (issue 15): an
// optional field under each photo, and with JS a gentle reminder while it is
// empty. Without JS a form cannot add a field per chosen file, so the composer
// also offers the photos one at a time, each file input followed by its
// description: a browser sends fields in document order, and the server gives
// each file the description sent right after it (describedFiles in the post
// submission flow). With JS the composer sends the chosen files the same way.
import { useEffect, useId, useState } from "react";
import { PHOTO_ALT_LABEL, PHOTO_ALT_MAX, PHOTO_ALT_REMINDER } from "~/utils/alt-text";
import { ErrorList } from "./field-errors";

/** The name of a new file's description field; n only tells the fields apart. */
export const newPhotoAltName = (n: number) => `alts.${n}`;

/** "Describe this photo (alt text)", with the reminder under it (JS) while it is empty. */
export function PhotoDescription({ name, defaultValue, errors }: { name: string; defaultValue?: string; errors?: string[] }) {
  const id = useId();
  const [empty, setEmpty] = useState(!defaultValue?.trim());
  // The reminder is for scripted pages: only then does the field point to it.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const described = [errors?.length ? `${id}-error` : null, scripted && empty ? `${id}-reminder` : null].filter(Boolean).join(" ");
  return (
    <div className="field photo-description">
      <label htmlFor={id}>{PHOTO_ALT_LABEL}</label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={PHOTO_ALT_MAX}
        autoComplete="off"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => setEmpty(event.currentTarget.value.trim() === "")}
      />
      {empty ? (
        <p id={`${id}-reminder`} className="field__hint js-only" data-testid="alt-reminder">
          {PHOTO_ALT_REMINDER}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * Without JS: `count` photos one at a time, each a file input and its
 * description, in that order (see above). Inside <noscript>, so a scripted
 * page has none of these fields; opened when the server sent a draft or a
 * message back for one of them.
 */
export function NewPhotoSlots({ count, drafts, errorsOf }: { count: number; drafts: Record<string, unknown> | undefined; errorsOf: (name: string) => string[] | undefined }) {
  if (count <= 0) return null;
  const slots = Array.from({ length: count }, (_, n) => n);
  const open = slots.some((n) => typeof drafts?.[String(n)] === "string" || errorsOf(newPhotoAltName(n)));
  return (
    <noscript>
      <details className="photo-slots" open={open}>
        <summary>Add photos one at a time, each with a description</summary>
        <ol className="photo-slots__list">
          {slots.map((n) => (
            <li key={n}>
              <fieldset className="photo-slots__slot">
                <legend>Photo {n + 1}</legend>
                <input type="file" name="files" accept="image/png,image/gif,image/jpeg,image/webp" aria-label={`Photo ${n + 1}`} />
                <PhotoDescription
                  name={newPhotoAltName(n)}
                  defaultValue={typeof drafts?.[String(n)] === "string" ? String(drafts[String(n)]) : undefined}
                  errors={errorsOf(newPhotoAltName(n))}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      </details>
    </noscript>
  );
}

/**
 * A composer's form data with each chosen file followed by its description
 * (`alts.{i}` for the i-th file), the order the server pairs them by.
 */
export function filesWithDescriptions(data: FormData): FormData {
  const paired = new FormData();
  const files: File[] = [];
  for (const [name, value] of data) {
    if (name === "files") {
      if (typeof value !== "string" && (value.name !== "" || value.size > 0)) files.push(value);
    } else if (!name.startsWith("alts.")) {
      paired.append(name, value);
    }
  }
  files.forEach((file, i) => {
    paired.append("files", file);
    const description = data.get(newPhotoAltName(i));
    if (typeof description === "string" && description.trim() !== "") paired.append(newPhotoAltName(i), description);
  });
  return paired;
}
