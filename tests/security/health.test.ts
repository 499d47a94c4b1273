import { expect, test } from "vitest";
import { rawRequest } from "./client";

test("the server under test answers /healthz", async () => {
  const res = await rawRequest("/healthz");
  expect(res.status).toBe(200);
});
