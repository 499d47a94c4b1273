import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PortfolioList } from "~/components/portfolio-list";
import { PostActionsScope } from "~/components/post-actions";
import { PostCard } from "~/components/post-card";
import type { RootData } from "~/root";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export const handle: RouteHandle = { back: false };

export { loader } from "./route.server";

export default function Landing() {
  const { latest, projects, games } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const campus = root?.campus.name ?? "Campus";
  return (
    <div className="landing">
      <section className="hero panel">
        <h2>Buy, sell and share at {campus}</h2>
        <p>
          The campus feed for students: post what you are selling with photos and videos, find what you need, and
          talk it over in the comments.
        </p>
        <div className="button-row">
          <Link to="/home" className="button button--primary">
            Browse the feed
          </Link>
          <Link to="/user_registration" className="button">
            Sign up
          </Link>
          <Link to="/login" className="button button--ghost">
            Log in
          </Link>
        </div>
      </section>

      <section aria-labelledby="latest-title">
        <h2 id="latest-title" className="section-title">
          Latest on campus
        </h2>
        {latest.length ? (
          <PostActionsScope>
            {latest.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </PostActionsScope>
        ) : (
          <p className="empty-state panel">No Posts</p>
        )}
      </section>

      <section aria-labelledby="projects-title">
        <h2 id="projects-title" className="section-title">
          Projects
        </h2>
        <PortfolioList items={projects} kind="project" emptyText="No Projects" />
        <Link to="/more/projects" className="text-link">
          All projects
        </Link>
      </section>

      <section aria-labelledby="games-title">
        <h2 id="games-title" className="section-title">
          Games
        </h2>
        <PortfolioList items={games} kind="game" emptyText="No Games" />
      </section>
    </div>
  );
}
