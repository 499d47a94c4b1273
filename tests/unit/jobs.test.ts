import { describe, expect, it } from "vitest";
import { createJobRegistry } from "~/services/jobs.server";
import type { PeriodicJob } from "~/services/periodic-job.server";

/** A job that records its life and whose stop waits for a run in flight. */
function fakeJob(log: string[], name: string, inFlight = Promise.resolve()): PeriodicJob {
  return {
    start: () => void log.push(`start ${name}`),
    stop: async () => {
      log.push(`stopping ${name}`);
      await inFlight;
      log.push(`stopped ${name}`);
    },
  };
}

describe("the job registry the server starts and stops", () => {
  it("creates nothing until started, starts each job once, skips the ones this process does not run", () => {
    const log: string[] = [];
    let created = 0;
    const jobs = createJobRegistry([
      { name: "mail", create: () => null },
      { name: "sweep", create: () => (created++, fakeJob(log, "sweep")) },
      { name: "reminders", create: () => (created++, fakeJob(log, "reminders")) },
    ]);
    expect(created).toBe(0);
    expect(jobs.running()).toEqual([]);
    jobs.start();
    jobs.start();
    expect(created).toBe(2);
    expect(log).toEqual(["start sweep", "start reminders"]);
    expect(jobs.running()).toEqual(["sweep", "reminders"]);
  });

  it("stop() stops every job and resolves only when the runs in flight are done", async () => {
    const log: string[] = [];
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const jobs = createJobRegistry([
      { name: "sweep", create: () => fakeJob(log, "sweep", slow) },
      { name: "reminders", create: () => fakeJob(log, "reminders") },
    ]);
    jobs.start();
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toContain("stopping sweep");
    expect(log).toContain("stopped reminders");
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(log).toContain("stopped sweep");
    expect(jobs.running()).toEqual([]);
  });
});
