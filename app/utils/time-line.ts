import type { TimeView } from "~/types/views";

/**
 * A time as the app writes it beside a post, comment or notice: "5 minutes ago · 3:05 PM · Nov 29th",
 * one text (pieces would each be a text node React marks apart in the HTML).
 */
export function timeLine(time: TimeView): string {
  return `${time.ago} · ${time.clock} · ${time.date}`;
}
