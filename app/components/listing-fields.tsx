import type { FieldMetadata } from "@conform-to/react";
import { useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { pickupSpotsFor } from "~/data/pickup-spots";
import { CONDITIONS, PRICE_TERMS } from "~/utils/listings";
import { ErrorList } from "./field-errors";
import { PhotoDescription } from "./photo-description";

type Field = FieldMetadata<string | undefined>;

/** What the form shows in a field: the draft sent back, else the post's own value. */
function initial(field: Field): string {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}

/**
 * The composer's listing fields: Price (or Free instead), Firm / OBO,
 * Condition and Pickup spot (the site's campus's list). With JS, ticking Free
 * empties and disables Price; without, the server says to pick one.
 */
export function ListingFields({ fields }: { fields: { price: Field; free: Field; priceTerms: Field; condition: Field; pickupSpot: Field } }) {
  const root = useRouteLoaderData<{ campus: { id: string } }>("root");
  const spots = pickupSpotsFor(root?.campus.id ?? "");
  const [free, setFree] = useState(initial(fields.free) === "on");
  const described = (f: Field) => (f.errors ? { "aria-invalid": true, "aria-describedby": f.errorId } : {});
  return (
    <fieldset className="listing-fields">
      <legend>Selling something? (optional)</legend>
      <div className="listing-fields__row">
        <div className="field">
          <label htmlFor={fields.price.id}>Price</label>
          <input
            id={fields.price.id}
            name={fields.price.name}
            key={fields.price.key}
            defaultValue={free ? "" : initial(fields.price)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="25 or 25.50"
            disabled={free}
            maxLength={20}
            {...described(fields.price)}
          />
          <ErrorList id={fields.price.errorId} errors={fields.price.errors} />
        </div>
        <label className="check">
          <input
            type="checkbox"
            id={fields.free.id}
            name={fields.free.name}
            key={fields.free.key}
            defaultChecked={free}
            onChange={(e) => setFree(e.currentTarget.checked)}
          />{" "}
          Free
        </label>
      </div>
      <fieldset className="listing-fields__terms" aria-describedby={fields.priceTerms.errors ? fields.priceTerms.errorId : undefined}>
        <legend>Firm or best offer</legend>
        {PRICE_TERMS.map((t) => (
          <label key={t.value} className="check">
            <input type="radio" name={fields.priceTerms.name} value={t.value} defaultChecked={initial(fields.priceTerms) === t.value} disabled={free} /> {t.label}
          </label>
        ))}
        <ErrorList id={fields.priceTerms.errorId} errors={fields.priceTerms.errors} />
      </fieldset>
      <div className="listing-fields__row">
        <div className="field">
          <label htmlFor={fields.condition.id}>Condition</label>
          <select id={fields.condition.id} name={fields.condition.name} key={fields.condition.key} defaultValue={initial(fields.condition)} {...described(fields.condition)}>
            <option value="">Not set</option>
            {CONDITIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.condition.errorId} errors={fields.condition.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.pickupSpot.id}>Pickup spot</label>
          <select id={fields.pickupSpot.id} name={fields.pickupSpot.name} key={fields.pickupSpot.key} defaultValue={initial(fields.pickupSpot)} {...described(fields.pickupSpot)}>
            <option value="">Not set</option>
            {spots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.pickupSpot.errorId} errors={fields.pickupSpot.errors} />
        </div>
      </div>
    </fieldset>
  );
}

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
export function MediaEditor({ media, fieldName, draft, errorsOf }: { media: ExistingMedia[]; fieldName: string; draft?: unknown; errorsOf: (name: string) => string[] | undefined }) {
  if (media.length === 0) return null;
  // A refused form comes back with the reader's choices, matched by id.
  const drafted = new Map(
    (Array.isArray(draft) ? (draft as { id?: unknown; position?: unknown; remove?: unknown; alt?: unknown }[]) : []).map((d) => [String(d?.id), d]),
  );
  return (
    <fieldset className="media-editor">
      <legend>Photos and videos on this post</legend>
      <ol className="media-editor__list">
        {media.map((m, i) => (
          <li key={m.id} className="media-editor__item" data-testid="existing-media">
            <input type="hidden" name={`${fieldName}[${i}].id`} value={m.id} />
            {m.kind === "image" ? <img src={m.src} alt={m.alt} width="72" height="72" /> : <span className="chip">{m.name}</span>}
            <label>
              Position{" "}
              <select
                name={`${fieldName}[${i}].position`}
                defaultValue={typeof drafted.get(m.id)?.position === "string" ? String(drafted.get(m.id)!.position) : String(i + 1)}
                aria-label={`Position of ${m.name}`}
              >
                {media.map((_, j) => (
                  <option key={j} value={String(j + 1)}>
                    {j + 1}
                  </option>
                ))}
              </select>
            </label>
            <label className="check">
              <input type="checkbox" name={`${fieldName}[${i}].remove`} defaultChecked={drafted.get(m.id)?.remove === "on"} aria-label={`Remove ${m.name}`} /> Remove
            </label>
            {m.kind === "image" ? (
              <PhotoDescription
                name={`${fieldName}[${i}].alt`}
                // A refused form comes back with what was typed (an emptied field comes back empty).
                defaultValue={drafted.has(m.id) ? (typeof drafted.get(m.id)?.alt === "string" ? String(drafted.get(m.id)!.alt) : "") : m.description}
                errors={errorsOf(`${fieldName}[${i}].alt`)}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
