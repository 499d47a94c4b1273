import { useLocation } from "@remix-run/react";
import { withoutModals } from "~/utils/url-state";
import { OnDemand } from "./on-demand";

/**
 * The confirmation the URL asks for (?confirm=delete-post|delete-comment&target=id),
 * if any. After deleting, the reader returns to this page (or `returnToFor(id)`).
 */
export function DeleteFromUrl({ returnToFor }: { returnToFor?: (id: string) => string | undefined }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const confirm = params.get("confirm");
  const target = params.get("target");
  if (!target || (confirm !== "delete-post" && confirm !== "delete-comment")) return null;
  const here = withoutModals(location.pathname + location.search);
  return (
    <OnDemand.ConfirmDelete
      kind={confirm === "delete-post" ? "post" : "comment"}
      action={`/post/${target}`}
      closeHref={here}
      returnTo={returnToFor?.(target) ?? here}
    />
  );
}
