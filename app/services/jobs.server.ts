// The background jobs of one server process (mail delivery, the storage sweep, renewal
// reminders, video processing, and the jobs to come) in one place: the server starts them once it listens
// and stops them all on shutdown. Nothing starts a job by being imported.
import type { PeriodicJob } from "./periodic-job.server";

export type JobDefinition = {
  name: string;
  /** Makes the job; null when this process should not run it (e.g. no mail transport configured). */
  create: () => PeriodicJob | null;
};

export type JobRegistry = {
  /** Creates and starts every job once; a second call is a no-op. */
  start(): void;
  /** Stops every running job; resolves when the runs in flight are done. */
  stop(): Promise<void>;
  /** The names of the jobs running now. */
  running(): string[];
};

export function createJobRegistry(definitions: JobDefinition[]): JobRegistry {
  let jobs: { name: string; job: PeriodicJob }[] | undefined;
  return {
    start() {
      if (jobs) return;
      jobs = [];
      for (const definition of definitions) {
        const job = definition.create();
        if (!job) continue;
        job.start();
        jobs.push({ name: definition.name, job });
      }
    },
    async stop() {
      const stopping = (jobs ?? []).map(({ job }) => job.stop());
      jobs = [];
      await Promise.all(stopping);
    },
    running: () => (jobs ?? []).map((j) => j.name),
  };
}
