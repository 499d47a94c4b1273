import { describe, expect, it } from "vitest";
import { campusForRequest } from "~/http/campus.server";
import { campusForHost, schoolDomains, getCampus } from "~/models/campuses.server";
import { campusIdFromHost } from "~/utils/campus";
import { seed } from "~/flows/seed.server";

describe("campusIdFromHost (docs/product.md §1)", () => {
  it.each([
    ["campusbuysell.com", "campus"],
    ["www.campusbuysell.com", "campus"],
    ["campusbuysell.localhost:3000", "campus"],
    ["oubuysell.com", "ou"],
    ["localhost", "ou"],
    ["localhost:3000", "ou"],
    ["utbuysell.com", "ut"],
    ["utbuysell.localhost", "ut"],
    ["utbuysell.localhost:4123", "ut"],
    ["smubuysell.com", "smu"],
    ["smubuysell.localhost", "smu"],
    ["ufbuysell.com", "uf"],
    ["ufbuysell.localhost", "uf"],
    ["UTBUYSELL.COM", "ut"],
    ["example.org", "ou"],
    ["127.0.0.1:3000", "ou"],
    ["", "ou"],
  ])("%s → %s", (host, campus) => {
    expect(campusIdFromHost(host)).toBe(campus);
  });
});

describe("campus rows", () => {
  it("has the five campuses with their domains and picks one per request", async () => {
    await seed({ demo: false });
    expect((await getCampus("ou"))?.emailDomain).toBe("ou.edu");
    expect((await getCampus("ut"))?.emailDomain).toBe("utexas.edu");
    expect((await getCampus("smu"))?.emailDomain).toBe("smu.edu");
    expect((await getCampus("uf"))?.emailDomain).toBe("ufl.edu");
    expect((await campusForRequest(new Request("http://utbuysell.localhost:3000/home"))).name).toBe("UT");
    expect((await campusForRequest(new Request("http://localhost:3000/"))).name).toBe("OU");
    // The model takes the host name alone; a host that names no campus site gets the default one.
    expect((await campusForHost("smubuysell.com")).name).toBe("SMU");
    expect((await campusForHost("example.org")).name).toBe("OU");
    // The general campus accepts any of the school domains (docs/product.md §4).
    expect(schoolDomains((await getCampus("campus"))!)).toEqual(["ou.edu", "utexas.edu", "smu.edu", "ufl.edu"]);
    expect(schoolDomains((await getCampus("smu"))!)).toEqual(["smu.edu"]);
  });
});
