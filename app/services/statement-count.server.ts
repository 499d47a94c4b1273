// Counts the database statements each request sends (opt-in: COUNT_STATEMENTS=1,
// for the bench): the counter follows the request's async work, so statements of
// requests served at the same time are not mixed up.
import { AsyncLocalStorage } from "node:async_hooks";
import { onQuery } from "./db.server";

const current = new AsyncLocalStorage<{ statements: number }>();
let listening = false;

/** Runs `fn` and returns its result with the number of statements it sent (and everything it started before settling). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  if (!listening) {
    listening = true;
    onQuery(() => {
      const counter = current.getStore();
      if (counter) counter.statements++;
    });
  }
  const counter = { statements: 0 };
  const result = await current.run(counter, fn);
  return { result, statements: counter.statements };
}
