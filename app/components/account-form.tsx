import type { FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { Field } from "./forms";
import { BusyDialog } from "./dialog";

/** While an account form is on its way: "Updating account data..." (docs/product.md §19). */
export function AccountUpdating() {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  return <BusyDialog title="Updating account data..." text="This can take up to 30 seconds. DO NOT re-load the page!" />;
}

/** "Current password": the proof asked before changing the password or the email. */
export function CurrentPasswordField({ field }: { field: FieldMetadata<string | undefined> }) {
  return <Field field={field} label="Current password" type="password" autoComplete="current-password" />;
}
