import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "./icons";
import { ShellLink } from "./shell-link";
import { backTarget, HISTORY_KEY, HISTORY_TTL_MS, safePath, type HistoryEntry } from "~/utils/navigation";

function readHistory(now: number): HistoryEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? "[]") as HistoryEntry[];
    return Array.isArray(parsed) ? parsed.filter((e) => now - e.createdAt <= HISTORY_TTL_MS) : [];
  } catch {
    return [];
  }
}

/**
 * Records each page visited in localStorage (docs/product.md §19 navigation history, kept
 * 24 hours) and returns where Back should go. The server's answer (from the
 * Referer) is used until the browser knows better.
 */
export function useBackTarget(serverTarget: string): string {
  const location = useLocation();
  const current = location.pathname + location.search;
  const [target, setTarget] = useState(serverTarget);
  useEffect(() => {
    const now = Date.now();
    const history = readHistory(now);
    setTarget(backTarget(current, history, now));
    const last = history[history.length - 1];
    if (last?.path !== current) history.push({ path: current, createdAt: now });
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(history.slice(-50)));
    } catch {
      // Storage full or disabled: Back falls back to the server's target.
    }
  }, [current]);
  return target;
}

export function BackButton({ serverTarget }: { serverTarget: string }) {
  const target = safePath(useBackTarget(serverTarget));
  return (
    <ShellLink to={target} className="icon-button back-button" aria-label="Back" data-testid="back">
      <Icon name="back" />
    </ShellLink>
  );
}
