// A feed's cards hydrate one at a time after the page's first screen. React
// hydrates a whole page in one commit, however many Suspense boundaries it has,
// unless something in a boundary is not ready yet: a card below the first
// screen says "not yet" while the page hydrates, keeps the server's HTML (its
// links and forms work as plain HTML meanwhile: the SpaLinks' listener is
// the document's), and gets its turn after the card before it has hydrated,
// each in a task of its own, so a phone's main thread is never blocked for
// the whole feed at once. Only the first hydration waits: cards drawn later
// (the next page, a navigation) render at once.
import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";

/** Cards this near the top hydrate with the page: they are its first screen on a phone. */
export const HYDRATE_AT_ONCE = 2;
/** A turn whose card never says it has hydrated (it left the page meanwhile) passes on after this long. */
const TURN_TIMEOUT_MS = 250;

type Turn = { key: string; promise: Promise<void>; open: () => void; opened: boolean };

const queue: Turn[] = [];
const turns = new Map<string, Turn>();
let current: { key: string; timer: ReturnType<typeof setTimeout> } | null = null;
/** Every turn has been given: a card React tries to hydrate again later (a change reached it first) waits for nothing. */
let finished = false;
let starting: ReturnType<typeof setTimeout> | undefined;
/** A card has hydrated: turns may begin (never before the page's first commit). */
let firstHydrated = false;

function turnFor(key: string): Turn {
  const known = turns.get(key);
  if (known) return known;
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  const turn: Turn = { key, promise, opened: false, open: () => ((turn.opened = true), resolve()) };
  turns.set(key, turn);
  queue.push(turn);
  // The first cards hydrated before this one asked (React hydrates boundaries apart), so none is giving turns: start, in a task of its own.
  if (firstHydrated && !current) {
    starting ??= setTimeout(() => {
      starting = undefined;
      if (!current) openNext();
    });
  }
  return turn;
}

/** The next waiting card's turn: React retries its boundary in a task of its own. */
function openNext() {
  if (current) clearTimeout(current.timer);
  const next = queue.shift();
  current = next ? { key: next.key, timer: setTimeout(openNext, TURN_TIMEOUT_MS) } : null;
  if (next) next.open();
  else {
    finished = true;
    turns.clear();
  }
}

const noSubscription = () => () => {};

/** True while React hydrates the server's HTML (the server's snapshot), false in every later render; false on the server. */
function useHydrating() {
  return useSyncExternalStore(noSubscription, () => false, () => typeof document !== "undefined");
}

function Waiting({ turnKey }: { turnKey: string }) {
  const hydrating = useHydrating();
  if (hydrating && !finished) {
    const turn = turnFor(turnKey);
    if (!turn.opened) throw turn.promise;
  }
  return null;
}

/**
 * Runs once the card's boundary has committed: if it was this card's turn, the
 * next card's; the first cards (hydrated with the page) start the turns.
 */
function Hydrated({ turnKey }: { turnKey: string }) {
  useEffect(() => {
    firstHydrated = true;
    if (current ? current.key === turnKey : queue.length > 0) openNext();
  }, [turnKey]);
  return null;
}

/**
 * One card in a feed (`turnKey` its id): a Suspense boundary that, while the
 * page hydrates and from the `index` `atOnce` on, waits for its turn.
 */
export function HydrateInTurn({ turnKey, index, atOnce = HYDRATE_AT_ONCE, children }: { turnKey: string; index: number; atOnce?: number; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {index >= atOnce ? <Waiting turnKey={turnKey} /> : null}
      {children}
      <Hydrated turnKey={turnKey} />
    </Suspense>
  );
}
