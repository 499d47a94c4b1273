import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { MoreMenu } from "~/components/more-menu";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "More" };

export default function More() {
  const navigate = useNavigate();
  // Wide screens show a panel beside the menu: open About Me (docs/product.md §2).
  useEffect(() => {
    if (window.matchMedia("(min-width: 1001px)").matches) navigate("/more/about", { replace: true });
  }, [navigate]);
  return (
    <div className="panel">
      <MoreMenu />
    </div>
  );
}
