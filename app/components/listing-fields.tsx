import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import type { PickupSpot } from "~/data/pickup-spots";
import { CONDITIONS, PRICE_TERMS } from "~/utils/listings";
import { ErrorList } from "./field-errors";

type Field = FieldMetadata<string | undefined>;

/** What the form shows in a field: the draft sent back, else the post's own value. */
function initial(field: Field): string {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}

/**
 * The composer's listing fields: Price (or Free instead), Firm / OBO,
 * Condition and Pickup spot (`spots`: the site's campus's list, from the
 * page's data, so no page carries every campus's list). With JS, ticking Free
 * empties and disables Price; without, the server says to pick one.
 */
export function ListingFields({
  fields,
  spots,
}: {
  fields: { price: Field; free: Field; priceTerms: Field; condition: Field; pickupSpot: Field };
  spots: PickupSpot[];
}) {
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
