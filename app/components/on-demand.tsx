// Menus and dialogs that are URL state most visits never open (Share, Report):
// the browser loads their code only when one is rendered. On the server the
// components themselves come from entry.server (OnDemandProvider) and render
// into the document at once, so they work without JS; in the browser each is
// a lazy chunk, and a page that arrives with one open keeps the server's HTML
// until its chunk has loaded, then hydrates it.
import { createContext, lazy, Suspense, useContext, type ComponentProps, type ComponentType } from "react";
import type { ReportDialog } from "./report-dialog";
import type { ShareMenu } from "./share-menu";

type Props = { ReportDialog: ComponentProps<typeof ReportDialog>; ShareMenu: ComponentProps<typeof ShareMenu> };
type OnDemand = { [Name in keyof Props]: ComponentType<Props[Name]> };

const OnDemandContext = createContext<OnDemand>({
  ReportDialog: lazy(() => import("./report-dialog").then((m) => ({ default: m.ReportDialog }))),
  ShareMenu: lazy(() => import("./share-menu").then((m) => ({ default: m.ShareMenu }))),
});

/** entry.server gives the components themselves, so the server never waits for them. */
export const OnDemandProvider = OnDemandContext.Provider;

/** Renders the component `name` (nothing while its chunk loads in the browser). */
function slot<Name extends keyof Props>(name: Name) {
  return function OnDemandSlot(props: Props[Name]) {
    const Component = useContext(OnDemandContext)[name] as ComponentType<Props[Name]>;
    return (
      <Suspense fallback={null}>
        <Component {...(props as Props[Name] & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

export const ReportDialogSlot = slot("ReportDialog");
export const ShareMenuSlot = slot("ShareMenu");
