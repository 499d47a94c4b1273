import { Outlet, useMatches } from "@remix-run/react";
import { SettingsMenu } from "~/components/settings-menu";

// Above 1000 px the settings navigation stands beside the panel (docs/product.md §2).
export default function SettingsLayout() {
  const onPanel = !useMatches().some((m) => m.id === "routes/settings._index");
  return (
    <div className={`settings-layout${onPanel ? " settings-layout--panel" : ""}`}>
      {onPanel ? (
        <aside className="settings-layout__menu panel">
          <SettingsMenu />
        </aside>
      ) : null}
      <div className="settings-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
