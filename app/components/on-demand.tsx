// Menus and dialogs that are URL state most visits never open (Share, Report,
// the sign-up, school and suspension prompts, delete and listing confirmations,
// the offer forms, the composer's Discard dialog, the upload's progress), the author's own
// listing controls and the error pages: the browser loads their code only when
// one is rendered. This module is their one registry, the same for the server
// and the browser: adding one is a line in ON_DEMAND (the module exports the
// component under the same name), and pages render it as
// <OnDemand.Name …/>. A registered module never imports this one (one that shows
// another is handed its slot as a prop), so there is no import cycle.
//
// On the server every chunk is part of the build and resolves at once: they are
// loaded when this module is, long before the first request, so pages render
// them into the document synchronously and they work without JS. In the browser
// each is a lazy chunk, and a page that arrives with one open keeps the
// server's HTML until its chunk has loaded, then hydrates it.
//
// Forms that are on the page from the start but that most visits never touch
// (the comment box: it brings the form library) are rendered with
// `untilInteraction`: the page arrives with their server HTML, which works as
// plain HTML (typing, a native submit), and their code loads at the page's
// first key, touch or focus, then hydrates the same DOM. A form arriving with a
// refused draft loads at once instead, so hydrating never races the user's edits.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useState, type ComponentType } from "react";

const ON_DEMAND = {
  ConfirmDelete: () => import("./confirm-delete"),
  ListingConfirm: () => import("./listing-confirm"),
  ListingControls: () => import("./listing-controls"),
  ReportDialog: () => import("./report-dialog"),
  ShareMenu: () => import("./share-menu"),
  SignUpPrompt: () => import("./signup-prompt"),
  SuspensionDialog: () => import("./suspension-dialog"),
  VerifySchoolDialog: () => import("./verify-school-prompt"),
  VerifySchoolPrompt: () => import("./verify-school-prompt"),
  CommentBox: () => import("./comment-box"),
  MessageComposer: () => import("./message-composer"),
  NotFound: () => import("./not-found"),
  ErrorPanel: () => import("./not-found"),
  OfferAmountForm: () => import("./offer-amount-form"),
  ListingExtrasFields: () => import("./listing-extras-fields"),
  MediaEditor: () => import("./media-editor"),
  DiscardDialog: () => import("./discard-dialog"),
  WantedFields: () => import("./listing-extras-fields"),
  FeedFilterFields: () => import("./feed-filter-fields"),
  UploadDialog: () => import("./upload-dialog"),
};

type Name = keyof typeof ON_DEMAND;
/** Each registered module exports its component under the slot's name. */
type ComponentOf<N extends Name> = Awaited<ReturnType<(typeof ON_DEMAND)[N]>> extends infer M ? (N extends keyof M ? M[N] : never) : never;
type PropsOf<N extends Name> = ComponentOf<N> extends ComponentType<infer P> ? P : never;
const component = <N extends Name>(name: N) => ON_DEMAND[name]().then((m) => (m as Record<N, ComponentOf<N>>)[name]);

/** The server's components, once resolved; the browser never fills it, so its slots stay lazy (a new type would remount an open dialog). */
const loaded = new Map<Name, unknown>();
/** Settles when the server holds every component (at once in the build; tests that render wait for it before their module graph is torn down). */
export const serverComponentsLoaded: Promise<unknown> =
  typeof document === "undefined"
    ? Promise.all(Object.keys(ON_DEMAND).map((name) => component(name as Name).then((c) => loaded.set(name as Name, c))))
    : Promise.resolve();

let loadDeferred = () => {};

/**
 * Resolves at the page's first key, touch, click or focus, or at the router's first change of state
 * (DeferredSlotsWatch). Listening starts when this module loads (with the app), so an interaction
 * before a slot asks still counts.
 */
const firstInteraction: Promise<void> =
  typeof document === "undefined"
    ? Promise.resolve()
    : new Promise((resolve) => {
        const events = ["keydown", "pointerdown", "focusin"] as const;
        const done = () => {
          for (const type of events) document.removeEventListener(type, done, true);
          resolve();
        };
        loadDeferred = done;
        for (const type of events) document.addEventListener(type, done, { capture: true, passive: true });
      });

/**
 * Rendered once by the root. While a slot's server HTML waits for its code, React cannot hydrate it,
 * and any change of the router's context above it (a fetcher loading the next page as the reader
 * scrolls with a wheel, a conversation's polling) holds that render back until it can: so the first
 * change of the router's state loads the waiting slots' code too, interaction or not. It is asked for
 * while rendering, because that render is the one held back (its effects would never run); asking
 * again does nothing.
 */
export function DeferredSlotsWatch() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  if (navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle")) loadDeferred();
  return null;
}

type SlotProps<N extends Name> = PropsOf<N> & {
  /** Load the code at the page's first interaction rather than when rendered (fixed when the slot mounts). */
  untilInteraction?: boolean;
};

function slot<N extends Name>(name: N): ComponentType<SlotProps<N>> {
  const load = () => component(name).then((c) => ({ default: c as ComponentType<PropsOf<N>> }));
  const Lazy = lazy(load);
  const Deferred = lazy(() => firstInteraction.then(load));
  return function OnDemandSlot({ untilInteraction = false, ...props }: SlotProps<N>) {
    // One lazy type for the slot's life: switching would remount what the user is typing in.
    const [deferred] = useState(untilInteraction);
    const Component = (loaded.get(name) ?? (deferred ? Deferred : Lazy)) as ComponentType<PropsOf<N>>;
    return (
      <Suspense fallback={null}>
        <Component {...(props as PropsOf<N> & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

/** `<OnDemand.ShareMenu …/>`: each registered component, loaded when first rendered (or at the first interaction). */
export const OnDemand = Object.fromEntries(Object.keys(ON_DEMAND).map((name) => [name, slot(name as Name)])) as unknown as { [N in Name]: ComponentType<SlotProps<N>> };
