/** The cookie in which the browser tells the server its time zone (docs/product.md §19). */
export const TIME_ZONE_COOKIE = "tz";

/**
 * The inline script that sets it, run before the page renders. It only writes
 * the cookie when the value changed; the server picks it up from the next request.
 * Like the server's own cookies (services/cookies.server.ts) it is Secure over https.
 * Temporal first where the browser has it: a page's first Intl.DateTimeFormat
 * loads ICU's locale data, tens to hundreds of milliseconds of a phone's CPU
 * before the first paint; Temporal answers the same zone at once.
 */
export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var z=self.Temporal?Temporal.Now.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var m=document.cookie.match(/(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)/);if(m&&decodeURIComponent(m[1])===z)return;document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; Path=/; Max-Age=31536000; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}catch(e){}})();`;
