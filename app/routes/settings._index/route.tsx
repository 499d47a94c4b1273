import { useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { SettingsMenu } from "~/components/settings-menu";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";

export const handle: RouteHandle = { title: "Settings" };

export default function Settings() {
  const navigate = useNavigate();
  const user = useOptionalUser();
  // A click on the menu may come before this page's script has run: that navigation wins.
  const navigating = useNavigation().state !== "idle";
  // Signed in on a wide screen: straight to the account panel (docs/product.md §2).
  useEffect(() => {
    if (!navigating && user && window.matchMedia("(min-width: 1001px)").matches) navigate("/settings/account", { replace: true });
  }, [navigate, navigating, user]);
  return (
    <div className="panel">
      <SettingsMenu />
    </div>
  );
}
