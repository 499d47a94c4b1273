// Push notifications end to end (docs/product.md §26), JavaScript only: headless
// Chromium cannot reach a real push service, so an init script stands in for the
// browser's PushManager.subscribe with a subscription on the local push service
// stand-in (tests/support/push-service.ts), whose keys it made. This file starts
// its own server (push needs its VAPID keys and the stand-in's origin allowed).
// Turning push on in Settings, then a message from a buyer, delivers a push the
// stand-in decrypts; without JavaScript Settings says push needs it; signing out
// removes the device.
import type { Browser, BrowserContext } from "@playwright/test";
import { startPushService, type PushServiceStandIn, type StandInSubscription } from "../support/push-service";
import { startAppServer, type AppServer } from "./app-server";
import { expect, test, unique } from "./fixtures";
import { logIn, postListing, signUp } from "./users";

let service: PushServiceStandIn | undefined;
let app: AppServer | undefined;

// Started by the test itself: the no-JS run skips it without starting a server.
async function start(): Promise<{ service: PushServiceStandIn; app: AppServer }> {
  service = await startPushService();
  app = await startAppServer({ PUSH_SERVICE_ORIGIN: service.url, SEED_DEMO: "0" });
  return { service, app };
}

test.afterAll(async () => {
  await app?.stop();
  await service?.stop();
});

/** A browser whose push subscription is `subscription` (and whose notification permission is granted). */
async function browserWithPush(browser: Browser, baseURL: string, subscription: StandInSubscription): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((sub: StandInSubscription) => {
    Object.defineProperty(Notification, "requestPermission", { value: () => Promise.resolve("granted") });
    const fake = { endpoint: sub.endpoint, expirationTime: null, toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }), unsubscribe: () => Promise.resolve(true) };
    PushManager.prototype.subscribe = () => Promise.resolve(fake as unknown as PushSubscription);
    PushManager.prototype.getSubscription = () => Promise.resolve(fake as unknown as PushSubscription);
  }, subscription);
  return context;
}

test("turning push on delivers a push to the device when a message arrives; without JS Settings says push needs it; sign-out removes the device", async ({ browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the browser's push subscription needs JavaScript (the no-JS page is checked below)");
  test.slow();
  const { service, app } = await start();
  const subscription = service.subscribe();
  const sellerContext = await browserWithPush(browser, app.url, subscription);
  const page = await sellerContext.newPage();
  const seller = await signUp(page, { first: "Pia" });
  const text = `Push desk ${unique()}`;
  const postId = await postListing(page, text, "30");

  await page.goto("/settings");
  await page.getByRole("link", { name: /Push notifications/ }).click();
  await expect(page).toHaveURL(/\/settings\/push$/);
  await page.getByRole("button", { name: "Turn on push notifications" }).click();
  await expect(page.getByTestId("alert")).toContainText("Push notifications are on for this device.");
  await expect(page.getByRole("button", { name: "Turn off push notifications" })).toBeVisible();

  // A buyer messages the seller about the listing.
  const buyerContext = await browser.newContext({ baseURL: app.url });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { first: "Quin" });
  await buyer.goto(`/post/${postId}`);
  await buyer.getByRole("button", { name: "Message seller" }).click();
  await expect(buyer).toHaveURL(/\/messages\/[\w-]+$/);
  const conversation = new URL(buyer.url()).pathname;
  await buyer.getByRole("textbox", { name: "Message" }).fill("Can I pick it up tonight?");
  await buyer.getByRole("button", { name: "Send" }).click();

  const push = await service.waitFor((p) => p.subscription === subscription.endpoint.split("/").pop());
  expect(push.payload).toEqual({ title: "Quin T. sent you a message", body: "Can I pick it up tonight?", url: `${app.url}${conversation}` });
  expect(service.refused).toEqual([]);

  // Without JavaScript, on another browser of the seller: push needs it; the choices are a plain form.
  const nojs = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
  const plain = await nojs.newPage();
  await logIn(plain, seller);
  await plain.goto("/settings/push");
  await expect(plain.getByText("Push notifications need JavaScript.")).toBeVisible();
  await plain.getByLabel("Everything else").uncheck();
  await plain.getByRole("button", { name: "Save choices" }).click();
  await expect(plain.getByTestId("alert")).toContainText("Push choices saved.");
  await expect(plain.getByLabel("Everything else")).not.toBeChecked();
  await expect(plain.getByLabel("Messages and offers")).toBeChecked();

  // Signing out on the device removes its subscription: the next message (after the
  // seller read the conversation, so it would notify) pushes nothing.
  await page.goto(conversation);
  await expect(page.getByTestId("message").filter({ hasText: "Can I pick it up tonight?" })).toBeVisible();
  await page.goto("/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/home$/);
  const before = service.received.length;
  await buyer.getByRole("textbox", { name: "Message" }).fill("Hello again?");
  await buyer.getByRole("button", { name: "Send" }).click();
  await expect(buyer.getByTestId("message").filter({ hasText: "Hello again?" })).toBeVisible();
  // The worker polls every second: three seconds without a push is none.
  await page.waitForTimeout(3000);
  expect(service.received.length).toBe(before);
  await Promise.all([sellerContext.close(), buyerContext.close(), nojs.close()]);
});
