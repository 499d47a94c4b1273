// Menus and dialogs that are URL state most visits never open (Share, Report,
// the sign-up, school and suspension prompts, delete and listing confirmations), the
// verify-school prompt few users get and the author's own listing controls: the browser loads their code only when one
// is rendered. On the server the components themselves come from entry.server
// (OnDemandProvider) and render into the document at once, so they work
// without JS; in the browser each is a lazy chunk, and a page that arrives
// with one open keeps the server's HTML until its chunk has loaded, then
// hydrates it.
import { createContext, lazy, Suspense, useContext, type ComponentProps, type ComponentType } from "react";
import type { ConfirmDelete } from "./confirm-delete";
import type { ListingConfirm } from "./listing-confirm";
import type { ListingControls } from "./listing-controls";
import type { ReportDialog } from "./report-dialog";
import type { ShareMenu } from "./share-menu";
import type { SignUpPrompt } from "./signup-prompt";
import type { SuspensionDialog } from "./suspension-dialog";
import type { VerifySchoolDialog, VerifySchoolPrompt } from "./verify-school-prompt";

type Props = {
  ConfirmDelete: ComponentProps<typeof ConfirmDelete>;
  ListingConfirm: ComponentProps<typeof ListingConfirm>;
  ListingControls: ComponentProps<typeof ListingControls>;
  ReportDialog: ComponentProps<typeof ReportDialog>;
  ShareMenu: ComponentProps<typeof ShareMenu>;
  SignUpPrompt: ComponentProps<typeof SignUpPrompt>;
  SuspensionDialog: ComponentProps<typeof SuspensionDialog>;
  VerifySchoolDialog: ComponentProps<typeof VerifySchoolDialog>;
  VerifySchoolPrompt: ComponentProps<typeof VerifySchoolPrompt>;
};
export type OnDemand = { [Name in keyof Props]: ComponentType<Props[Name]> };

const OnDemandContext = createContext<OnDemand>({
  ConfirmDelete: lazy(() => import("./confirm-delete").then((m) => ({ default: m.ConfirmDelete }))),
  ListingConfirm: lazy(() => import("./listing-confirm").then((m) => ({ default: m.ListingConfirm }))),
  ListingControls: lazy(() => import("./listing-controls").then((m) => ({ default: m.ListingControls }))),
  ReportDialog: lazy(() => import("./report-dialog").then((m) => ({ default: m.ReportDialog }))),
  ShareMenu: lazy(() => import("./share-menu").then((m) => ({ default: m.ShareMenu }))),
  SignUpPrompt: lazy(() => import("./signup-prompt").then((m) => ({ default: m.SignUpPrompt }))),
  SuspensionDialog: lazy(() => import("./suspension-dialog").then((m) => ({ default: m.SuspensionDialog }))),
  VerifySchoolDialog: lazy(() => import("./verify-school-prompt").then((m) => ({ default: m.VerifySchoolDialog }))),
  VerifySchoolPrompt: lazy(() => import("./verify-school-prompt").then((m) => ({ default: m.VerifySchoolPrompt }))),
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

export const ConfirmDeleteSlot = slot("ConfirmDelete");
export const ListingConfirmSlot = slot("ListingConfirm");
export const ListingControlsSlot = slot("ListingControls");
export const ReportDialogSlot = slot("ReportDialog");
export const ShareMenuSlot = slot("ShareMenu");
export const SignUpPromptSlot = slot("SignUpPrompt");
export const SuspensionDialogSlot = slot("SuspensionDialog");
export const VerifySchoolDialogSlot = slot("VerifySchoolDialog");
export const VerifySchoolPromptSlot = slot("VerifySchoolPrompt");
