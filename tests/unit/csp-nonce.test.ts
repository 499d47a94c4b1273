// The documents' CSP nonces come from a pool of random bytes: every one fresh,
// 16 bytes, across refills of the pool.
import { describe, expect, it } from "vitest";
import { cspNonce } from "~/services/csp-nonce.server";

describe("cspNonce", () => {
  it("gives 16 random bytes in base64, never the same twice, across several refills of its pool", () => {
    const nonces = Array.from({ length: 2000 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[\w+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
