// The Host values the edge accepts (docs/product.md §23): a host name or IP literal and a port, nothing else.
import { describe, expect, it } from "vitest";
import { isValidHost } from "~/services/middleware.server";

describe("isValidHost", () => {
  it.each(["localhost", "localhost:3000", "utbuysell.localhost:43123", "UTBUYSELL.COM", "campusbuysell.com", "127.0.0.1:8080", "[::1]:3000", "a-b.example"])(
    "accepts %s",
    (host) => expect(isValidHost(host)).toBe(true),
  );

  it.each(["", "a b", "a\tb", "localhost/evil", "user@evil.example", "evil.example?x", "evil.example#x", "localhost:99999", "localhost:", ":3000", "%6cocalhost", "0x7f.1", "a\\b", "[::1", "evil.example:80:80", "é.example"])(
    "refuses %j",
    (host) => expect(isValidHost(host)).toBe(false),
  );
});
