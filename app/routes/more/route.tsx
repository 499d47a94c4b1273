import { Outlet, useMatches } from "@remix-run/react";
import { MoreMenu } from "~/components/more-menu";

// Above 1000 px the menu stands beside the panel (docs/product.md §2).
export default function MoreLayout() {
  const onPanel = useMatches().some((m) => m.id === "routes/more.$panel");
  return (
    <div className={`more-layout${onPanel ? " more-layout--panel" : ""}`}>
      {onPanel ? (
        <aside className="more-layout__menu">
          <MoreMenu />
        </aside>
      ) : null}
      <div className="more-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
