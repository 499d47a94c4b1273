// Menus and dialogs that are URL state most visits never open (Share, Report,
// the sign-up, school and suspension prompts, delete and listing confirmations)
// and the author's own listing controls: the browser loads their code only when
// one is rendered. This module is their one registry, the same for the server
// and the browser: adding one is a line in ON_DEMAND, and pages render it as
// <OnDemand.Name …/>. A registered component must not render another one (the
// page renders both), so no module imports back into this one.
//
// On the server every chunk is part of the build and resolves at once: they are
// loaded when this module is, so pages render them into the document
// synchronously and they work without JS. In the browser each is a lazy chunk,
// and a page that arrives with one open keeps the server's HTML until its chunk
// has loaded, then hydrates it.
import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";

const ON_DEMAND = {
  ConfirmDelete: () => import("./confirm-delete").then((m) => m.ConfirmDelete),
  ListingConfirm: () => import("./listing-confirm").then((m) => m.ListingConfirm),
  ListingControls: () => import("./listing-controls").then((m) => m.ListingControls),
  ReportDialog: () => import("./report-dialog").then((m) => m.ReportDialog),
  ShareMenu: () => import("./share-menu").then((m) => m.ShareMenu),
  SignUpPrompt: () => import("./signup-prompt").then((m) => m.SignUpPrompt),
  SuspensionDialog: () => import("./suspension-dialog").then((m) => m.SuspensionDialog),
  VerifySchoolDialog: () => import("./verify-school-prompt").then((m) => m.VerifySchoolDialog),
  VerifySchoolPrompt: () => import("./verify-school-prompt").then((m) => m.VerifySchoolPrompt),
};

type Name = keyof typeof ON_DEMAND;
type PropsOf<N extends Name> = ComponentProps<Awaited<ReturnType<(typeof ON_DEMAND)[N]>>>;

const NAMES = Object.keys(ON_DEMAND) as Name[];
const loaded = new Map<Name, unknown>();

function load<N extends Name>(name: N): Promise<ComponentType<PropsOf<N>>> {
  return (ON_DEMAND[name]() as Promise<ComponentType<PropsOf<N>>>).then((component) => {
    loaded.set(name, component);
    return component;
  });
}

// The server has them all in its build: resolved before the first request arrives.
const SERVER = typeof document === "undefined";
if (SERVER) for (const name of NAMES) void load(name);

/** Renders the component `name`: on the server at once, in the browser once its chunk has arrived. */
function slot<N extends Name>(name: N): ComponentType<PropsOf<N>> {
  const Lazy = lazy(() => load(name).then((component) => ({ default: component })));
  function OnDemandSlot(props: PropsOf<N>) {
    // The browser keeps the lazy one even once loaded: a new component type would remount the dialog and lose what was typed.
    const Component = ((SERVER ? loaded.get(name) : undefined) ?? Lazy) as ComponentType<PropsOf<N>>;
    return (
      <Suspense fallback={null}>
        <Component {...(props as PropsOf<N> & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  OnDemandSlot.displayName = `OnDemand.${name}`;
  return OnDemandSlot;
}

/** `<OnDemand.ShareMenu …/>`: each registered component, loaded when first rendered. */
export const OnDemand = Object.fromEntries(NAMES.map((name) => [name, slot(name)])) as { [N in Name]: ComponentType<PropsOf<N>> };
