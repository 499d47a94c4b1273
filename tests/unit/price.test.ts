import { describe, expect, it } from "vitest";
import { FREE_OR_PRICE, postSchema } from "~/schemas/post";
import { parseWithSchema } from "~/utils/form";
import { formatPrice, MAX_PRICE_CENTS, parsePrice, PRICE_FORMAT, PRICE_TOO_HIGH, priceInput, priceLabel } from "~/utils/price";

describe("parsePrice", () => {
  it.each([
    ["60", 6000],
    ["60.00", 6000],
    ["$60", 6000],
    ["$1,250", 125000],
    ["1250", 125000],
    ["$ 12.50", 1250],
    ["12.5", 1250],
    ["  7  ", 700],
    ["0", 0],
    ["$0.99", 99],
    ["100000", MAX_PRICE_CENTS],
    ["$100,000.00", MAX_PRICE_CENTS],
    ["007", 700],
  ])("accepts %j as %i cents", (input, cents) => {
    expect(parsePrice(input)).toEqual({ ok: true, cents });
  });

  it("computes cents from the digits, never through a float", () => {
    // 0.29 * 100 and 19.99 * 100 are not whole numbers in floating point.
    expect(parsePrice("0.29")).toEqual({ ok: true, cents: 29 });
    expect(parsePrice("19.99")).toEqual({ ok: true, cents: 1999 });
    expect(parsePrice("1,234.57")).toEqual({ ok: true, cents: 123457 });
    expect(parsePrice("4.1")).toEqual({ ok: true, cents: 410 });
  });

  it.each(["", "abc", "-5", "$-5", "12.345", "1.005", "60.", ".50", "1,25", "12,50", "1,2500", "$$5", "5$", "5 dollars", "1e3", "0x10", "Infinity", "12.5.0"])(
    "refuses %j with the format message",
    (input) => {
      expect(parsePrice(input)).toEqual({ ok: false, error: PRICE_FORMAT });
    },
  );

  it("refuses more than $100,000 with its own message, however many digits", () => {
    expect(parsePrice("100000.01")).toEqual({ ok: false, error: PRICE_TOO_HIGH });
    expect(parsePrice("$100,001")).toEqual({ ok: false, error: PRICE_TOO_HIGH });
    expect(parsePrice("1000000")).toEqual({ ok: false, error: PRICE_TOO_HIGH });
    expect(parsePrice("9".repeat(400))).toEqual({ ok: false, error: PRICE_TOO_HIGH });
  });
});

describe("formatPrice and priceLabel", () => {
  it("shows whole dollars without cents, others with two decimals, thousands grouped", () => {
    expect(formatPrice(6000)).toBe("$60");
    expect(formatPrice(125000)).toBe("$1,250");
    expect(formatPrice(1250)).toBe("$12.50");
    expect(formatPrice(5)).toBe("$0.05");
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(MAX_PRICE_CENTS)).toBe("$100,000");
  });
  it("says Free for a free listing and adds OBO when chosen", () => {
    expect(priceLabel({ priceCents: 0, isFree: true, priceTerms: null })).toBe("Free");
    expect(priceLabel({ priceCents: 6000, isFree: false, priceTerms: "obo" })).toBe("$60 OBO");
    expect(priceLabel({ priceCents: 6000, isFree: false, priceTerms: null })).toBe("$60");
    expect(priceLabel({ priceCents: null, isFree: false, priceTerms: null })).toBeNull();
  });
  it("gives back what a person would type to edit it", () => {
    expect(priceInput(6000)).toBe("60");
    expect(priceInput(1250)).toBe("12.50");
    expect(priceInput(null)).toBe("");
  });
});

describe("the composer's price fields", () => {
  const form = (fields: Record<string, string>) => {
    const fd = new FormData();
    fd.set("text", "Mini fridge");
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return parseWithSchema(fd, postSchema);
  };
  it("turns the price into cents and keeps Firm / OBO, condition and pickup spot", () => {
    const result = form({ price: "$1,250", priceTerms: "obo", condition: "like-new", pickupSpot: "ou-union" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({ price: 125000, free: false, priceTerms: "obo", condition: "like-new", pickupSpot: "ou-union" });
  });
  it("a post without a price is still a post", () => {
    const result = form({});
    expect(result.status === "success" && result.value).toMatchObject({ price: null, free: false });
  });
  it("refuses bad prices with the messages, keeping the draft", () => {
    const bad = form({ price: "sixty" });
    expect(bad.reply().error).toEqual({ price: [PRICE_FORMAT] });
    expect(bad.reply().initialValue).toMatchObject({ text: "Mini fridge", price: "sixty" });
    expect(form({ price: "250000" }).reply().error).toEqual({ price: [PRICE_TOO_HIGH] });
  });
  it("Free is instead of a price, not beside one; unknown choices are refused", () => {
    expect(form({ free: "on" }).status).toBe("success");
    expect(form({ free: "on", price: "5" }).reply().error).toEqual({ price: [FREE_OR_PRICE] });
    expect(form({ condition: "mint" }).reply().error).toEqual({ condition: ["Choose a condition from the list."] });
    expect(form({ pickupSpot: "the moon" }).reply().error).toEqual({ pickupSpot: ["Choose a pickup spot from the list."] });
    expect(form({ priceTerms: "maybe" }).reply().error).toEqual({ priceTerms: ["Choose Firm or OBO."] });
  });
});
