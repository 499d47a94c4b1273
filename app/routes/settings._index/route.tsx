import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { SettingsMenu } from "~/components/settings-menu";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";

export const handle: RouteHandle = { title: "Settings" };

export default function Settings() {
  const navigate = useNavigate();
  const user = useOptionalUser();
  // Signed in on a wide screen: straight to the account panel (docs/product.md §2).
  useEffect(() => {
    if (user && window.matchMedia("(min-width: 1001px)").matches) navigate("/settings/account", { replace: true });
  }, [navigate, user]);
  return (
    <div className="panel">
      <SettingsMenu />
    </div>
  );
}
