import { Link } from "@remix-run/react";
import { useState } from "react";
import type { Alert } from "~/types/views";

/**
 * One alert (docs/product.md §19): dismisses itself after 2600 ms (7800 ms when long) with a
 * progress bar, all in CSS so it works without JS. With JS it can also be closed.
 */
export function AlertToast({ alert }: { alert: Alert }) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const link = alert.message.includes("post was sent") && alert.postId
    ? { to: `/post/${alert.postId}`, label: "View" }
    : alert.message.includes("added to bag")
      ? { to: "/cart", label: "View Bag" }
      : null;
  return (
    <div
      className={`alert alert--${alert.type}${alert.long ? " alert--long" : ""}`}
      role={alert.type === "danger" ? "alert" : "status"}
      data-testid="alert"
    >
      <p className="alert__message">
        {alert.message}
        {link ? (
          <>
            {" "}
            <Link to={link.to} className="alert__link">
              {link.label}
            </Link>
          </>
        ) : null}
      </p>
      <button type="button" className="alert__close" aria-label="Dismiss" onClick={() => setClosed(true)}>
        ×
      </button>
      <span className="alert__bar" aria-hidden="true" />
    </div>
  );
}
