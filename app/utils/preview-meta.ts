import type { MetaDescriptor, MetaFunction } from "@remix-run/react";

/**
 * The `meta` export of the pages that can be shared (posts, profiles, projects,
 * games): the tags their loader built with previewTags (./meta), none when it
 * gave null or the page failed. The <title> is the layout's, for every page alike.
 */
export const previewMeta: MetaFunction = ({ data, error }) => (error ? [] : ((data as { preview?: MetaDescriptor[] | null } | undefined)?.preview ?? []));
