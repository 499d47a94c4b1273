import { Link } from "@remix-run/react";

/** The not-found page for any other path (docs/product.md §2), with the campus logos. */
export function NotFound() {
  return (
    <section className="panel not-found" aria-labelledby="not-found-title">
      <div className="not-found__logos">
        {(["ou", "ut", "smu"] as const).map((id) => (
          <img key={id} src={`/logos/${id}.svg`} alt={`${id.toUpperCase()} logo`} width="72" height="72" />
        ))}
      </div>
      <h2 id="not-found-title">Page not found</h2>
      <p>Hmm...this page doesn&apos;t exist. Try searching for something else.</p>
      <Link to="/home" className="button button--primary">
        Go To Feed
      </Link>
    </section>
  );
}

/** A missing post, game or project (docs/product.md §2): the not-exist message and Search. */
export function DoesNotExist() {
  return (
    <section className="panel empty-state">
      <p>Hmm...this page doesn&apos;t exist. Try searching for something else.</p>
      <Link to="/search" className="button button--primary">
        Search
      </Link>
    </section>
  );
}

/** Any other error (docs/product.md §2): what went wrong in our own words, and the way back to the feed. */
export function ErrorPanel({ reason }: { reason: string | null }) {
  return (
    <section className="panel error-page">
      <h2>Something went wrong.</h2>
      <p>{reason ?? "Try again in a moment, or go back to the feed."}</p>
      <a className="button button--primary" href="/home">
        Go To Feed
      </a>
    </section>
  );
}
