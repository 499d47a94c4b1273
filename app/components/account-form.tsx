import { useNavigation } from "@remix-run/react";
import { BusyDialog } from "./dialog";

/** While an account form is on its way: "Updating account data..." (spec §2). */
export function AccountUpdating() {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  return <BusyDialog title="Updating account data..." text="This can take up to 30 seconds. DO NOT re-load the page!" />;
}
