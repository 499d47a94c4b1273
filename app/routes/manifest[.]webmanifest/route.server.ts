import type { LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { CAMPUS_COLOURS, campusIdFromHost } from "~/utils/campus";

/** The manifest of the site the request came to: that campus's name, colour and icons (public/pwa, scripts/pwa-icons.mjs). */
export async function loader({ request }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const id = campusIdFromHost(new URL(request.url).host);
  const name = `${campus.name} BuySell`;
  const manifest = {
    id: "/home",
    name,
    // Launchers show about 12 characters under an icon.
    short_name: name.length <= 12 ? name : "BuySell",
    description: "Buy, sell and share on campus.",
    start_url: "/home",
    scope: "/",
    display: "standalone",
    theme_color: CAMPUS_COLOURS[id],
    background_color: "#f6f7f9",
    icons: [
      { src: `/pwa/${id}-192.png`, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: `/pwa/${id}-512.png`, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: `/pwa/${id}-maskable-512.png`, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
  });
}
