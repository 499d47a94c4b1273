// Mail leaves the outbox through a server that answers like Resend's API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startAppServer, type AppServer } from "./app-server";
import { expect, test, unique } from "./fixtures";

type Sent = { to: string[]; subject: string; html: string; text: string; key: string };

let fake: http.Server;
let server: AppServer;
const received: Sent[] = [];
let answered = 0;

test.beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const email = JSON.parse(body) as Omit<Sent, "key" | "to"> & { to: string | string[] };
      received.push({ ...email, to: [email.to].flat(), key: String(req.headers["idempotency-key"]) });
      // The first try of every email fails.
      const first = received.filter((r) => r.key === req.headers["idempotency-key"]).length === 1;
      res.writeHead(first ? 500 : 200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(first ? { statusCode: 500, name: "internal_server_error", message: "try again" } : { id: `re_${++answered}` }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  server = await startAppServer({
    RESEND_API_KEY: "re_e2e_key",
    RESEND_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    MAIL_RETRY_BASE_SECONDS: "1",
    CONTACT_EMAIL: "inbox@example.com",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((r) => fake?.close(r));
});

test("an email is sent once, after a failed first try", async ({ page }) => {
  const text = `Delivery check ${unique()}`;
  await page.goto(`${server.url}/more/feedback`);
  await page.getByLabel("Your email").fill(`${unique("fan")}@example.com`);
  await page.getByLabel("Your feedback").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("alert")).toHaveText(/Email sent\./);

  const tries = () => received.filter((r) => r.text.includes(text));
  await expect.poll(() => tries().length, { timeout: 15_000 }).toBe(2);
  const [first, second] = tries();
  expect(first!.key).toBe(second!.key);
  expect(second!.to).toEqual(["inbox@example.com"]);
  expect(second!.html).toContain(text);

  await page.goto(`${server.url}/dev/mail?to=inbox@example.com`);
  await expect(page.getByTestId("mail").filter({ hasText: text })).toContainText("sent");
  await page.waitForTimeout(2_500); // a poll or two later, still exactly two tries
  expect(tries()).toHaveLength(2);
});
