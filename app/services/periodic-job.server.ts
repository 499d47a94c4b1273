// A job every server process runs on a timer (the mail worker, renewal
// reminders, the storage sweep): the first run `firstRunMs` after start, then
// `intervalMs` after the previous run ended (or what `next` says from its
// result); a failed run is logged and the schedule goes on. stop() cancels the
// next run and resolves once the run in flight is done.

export type PeriodicJob = {
  start(): void;
  stop(): Promise<void>;
};

export function periodicJob<T>(opts: {
  name: string;
  run: () => Promise<T>;
  intervalMs: number;
  firstRunMs: number;
  /** The wait after a run that succeeded; `intervalMs` when not given. */
  next?: (result: T) => number;
  log: (m: string) => void;
}): PeriodicJob {
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  function schedule(delay: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = opts.run().then(
        (result) => schedule(opts.next?.(result) ?? opts.intervalMs),
        (error: unknown) => {
          opts.log(`${opts.name}: ${String(error)}`);
          schedule(opts.intervalMs);
        },
      );
    }, delay);
    // Never what keeps a process alive (a seed-only run exits as before).
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(opts.firstRunMs);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
