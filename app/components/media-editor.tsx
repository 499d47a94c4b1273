// A post's photos and videos on its edit page (/post/{id}/edit). Only that
// page uses it (the composer takes it as `mediaEditor`), through the on-demand
// registry: its code loads at the page's first interaction, its HTML is the server's.
import type { PhotoDescription } from "./photo-description";

/** What the composer hands the editor: the field's name, the draft sent back, the messages by field name. */
export type MediaEditorField = {
  fieldName: string;
  draft?: unknown;
  errors: Record<string, string[] | undefined>;
  /** The composer's photo description field, handed in: this module loads on demand and shares no code with the composer's chunk. */
  PhotoDescription: typeof PhotoDescription;
};

export type ExistingMedia = {
  id: string;
  kind: "image" | "video";
  src: string;
  name: string;
  /** The photo's alt as shown (its description, else its place). */
  alt: string;
  /** The author's description ("" for none). */
  description: string;
};

/**
 * A post's photos and videos on the edit page: each can be removed or moved
 * to another position (a plain select, so it works without JS), and a photo
 * described; new files come after the ones kept.
 */
export function MediaEditor({ media, fieldName, draft, errors, PhotoDescription }: { media: ExistingMedia[] } & MediaEditorField) {
  if (media.length === 0) return null;
  // A refused form comes back with the reader's choices, matched by id (each a string as typed).
  const drafted = new Map((Array.isArray(draft) ? (draft as Partial<Record<"id" | "position" | "remove" | "alt", string>>[]) : []).map((d) => [d?.id, d]));
  return (
    <fieldset className="media-editor">
      <legend>Photos and videos on this post</legend>
      <ol className="media-editor__list">
        {media.map((m, i) => {
          const d = drafted.get(m.id);
          const at = `${fieldName}[${i}]`;
          return (
            <li key={m.id} className="media-editor__item" data-testid="existing-media">
              <input type="hidden" name={`${at}.id`} value={m.id} />
              {m.kind === "image" ? <img src={m.src} alt={m.alt} width="72" height="72" /> : <span className="chip">{m.name}</span>}
              <label>
                Position{" "}
                <select
                  name={`${at}.position`}
                  defaultValue={d?.position ?? String(i + 1)}
                  aria-label={`Position of ${m.name}`}
                >
                  {/* An option's value is its text: the position. */}
                  {media.map((_, j) => (
                    <option key={j}>{j + 1}</option>
                  ))}
                </select>
              </label>
              <label className="check">
                <input type="checkbox" name={`${at}.remove`} defaultChecked={d?.remove === "on"} aria-label={`Remove ${m.name}`} /> Remove
              </label>
              {m.kind === "image" ? (
                <PhotoDescription
                  name={`${at}.alt`}
                  defaultValue={d?.alt ?? m.description}
                  errors={errors[`${at}.alt`]}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
