// A repeated piece of a page (a feed's card, a comment) whose HTML is the same
// whenever its props are: on the server its HTML is rendered once per distinct
// props and reused (docs/product.md §22); the browser renders and hydrates it
// as any other component, against the same HTML.
import { createContext, createElement, useContext, type ComponentType } from "react";
import type { FragmentRenderer } from "~/types/fragment";

const FragmentRendererContext = createContext<FragmentRenderer | null>(null);

/** Given by entry.server; absent in the browser, where pieces render as usual. */
export const FragmentRendererProvider = FragmentRendererContext.Provider;

type HostProps = Record<string, unknown>;

/**
 * `<tag {...attrs}>` around `<Body {...props} />`. On the server the body's
 * HTML is remembered under `name` and its props, so Body must be a pure
 * function of its props: it reads no context, router or clock (it is rendered
 * apart from the page, where none of them are given, and its HTML is reused
 * for whoever has the same props). `remember: false` renders it in place.
 */
export function RememberedBody<P extends object>({
  tag,
  attrs,
  name,
  Body,
  props,
  remember = true,
}: {
  tag: string;
  attrs: HostProps;
  name: string;
  Body: ComponentType<P>;
  props: P;
  remember?: boolean;
}) {
  const render = useContext(FragmentRendererContext);
  const body = createElement(Body, props);
  if (!render || !remember) return createElement(tag, attrs, body);
  const html = render(`${name}\u0000${JSON.stringify(props)}`, body);
  return createElement(tag, {
    ...attrs,
    dangerouslySetInnerHTML: { __html: html },
  });
}
