import type { Page, Request, Response } from "@playwright/test";
import { allow404For, DESKTOP, expect, expectNoAxeViolations, PHONE, test, visit, waitForHydration } from "./fixtures";

// The chat assistant: spec sections 2 (Chat assistant), 4 (Chat) and 9. Most tests run with the
// real reply delays (1000 ms plus up to 1000 ms) and Playwright's auto-waiting; the long lead
// conversations and the exact timings use page.clock to move time on instead of sleeping.

const launcher = (page: Page) => page.getByRole("button", { name: "Chat with us" });
const panel = (page: Page) => page.getByRole("dialog", { name: "Chat with IC Interiors" });
const input = (page: Page) => panel(page).getByRole("textbox", { name: "Type your message" });
const sendButton = (page: Page) => panel(page).getByRole("button", { name: "Send message" });
const conversation = (page: Page) => panel(page).getByRole("list", { name: "Conversation" });
const typing = (page: Page) => panel(page).getByText("The assistant is typing");
const userMessages = (page: Page) =>
  conversation(page)
    .getByRole("listitem")
    .filter({ hasText: /^You: / });
const accept = (page: Page) => panel(page).getByRole("button", { name: "Yes, contact me" });
const callInstead = (page: Page) => panel(page).getByRole("button", { name: "I'll call instead" });

const GREETING = /^Hi! I'm the IC Interiors assistant/;
const readList = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "[]") as unknown[], key);
const isLeadPost = (r: Request | Response) => {
  const request = "request" in r ? r.request() : r;
  return request.method() === "POST" && new URL(request.url()).pathname === "/api/chat-leads";
};

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

async function say(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press("Enter");
}

/** With page.clock installed: let the longest reply delay pass (and the 1000 ms prompt after an offer). */
async function botTurn(page: Page, ms = 2000) {
  await page.clock.runFor(ms);
}

test.describe("chat assistant", () => {
  test("the launcher opens and closes the 450 px panel; focus moves in and back; Escape closes", async ({ page }) => {
    await visit(page, "/");
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
    await expect(panel(page)).toHaveCount(0);

    await openChat(page);
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
    await expect(launcher(page)).toHaveAttribute("aria-controls", "chat-panel");
    expect((await panel(page).boundingBox())?.height).toBe(450);
    await expect(conversation(page).getByText(GREETING)).toBeVisible();

    await panel(page).getByRole("button", { name: "Close chat" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");

    // Keyboard only: Enter on the launcher opens, Escape closes and returns focus.
    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();

    // The launcher toggles too, and the conversation is kept while closed.
    await launcher(page).click();
    await expect(conversation(page).getByText(GREETING)).toHaveCount(1);
    await launcher(page).click();
    await expect(panel(page)).toBeHidden();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [allow404For("/no-such-page")] });
    test("is on every public page, the 404 page included", async ({ page }) => {
      for (const path of ["/partitions", "/gallery", "/contact-us", "/blog/shop-ceiling-trends", "/no-such-page"]) {
        await page.goto(path);
        await expect(launcher(page), path).toBeVisible();
      }
    });
  });

  test("loads the chat code only when the visitor reaches for the launcher", async ({ page }) => {
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/(chat-panel|lead-outbox)-[\w-]+\.js$/.test(r.url())) chunks.push(new URL(r.url()).pathname);
    });
    await visit(page, "/");
    await page.waitForLoadState("networkidle");
    expect(chunks).toEqual([]);
    await launcher(page).hover();
    await expect.poll(() => chunks.some((c) => c.includes("chat-panel"))).toBe(true);
  });

  test("Enter sends, Shift+Enter adds a new line, and blank text cannot be sent", async ({ page }) => {
    await visit(page, "/");
    await openChat(page);
    await expect(sendButton(page)).toBeDisabled();
    for (const blank of ["   ", "\n\n", " \t "]) {
      await input(page).fill(blank);
      await expect(sendButton(page)).toBeDisabled();
      await input(page).press("Enter");
    }
    await expect(userMessages(page)).toHaveCount(0);

    await input(page).fill("");
    await input(page).pressSequentially("Hello");
    await input(page).press("Shift+Enter");
    await input(page).pressSequentially("there");
    await expect(input(page)).toHaveValue("Hello\nthere");
    await expect(userMessages(page)).toHaveCount(0);
    await expect(sendButton(page)).toBeEnabled();

    await input(page).press("Enter");
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page)).toHaveText("You: Hello\nthere");
    await expect(input(page)).toHaveValue("");
    await expect(input(page)).toBeFocused();
    await expect(sendButton(page)).toBeDisabled();

    // The send button sends too.
    await input(page).fill("Do you do repairs?");
    await sendButton(page).click();
    await expect(userMessages(page)).toHaveCount(2);
  });

  test("shows the typing indicator, then a canned answer that links to the right page", async ({ page }) => {
    await visit(page, "/");
    await openChat(page);
    const sentAt = Date.now();
    await say(page, "What SERVICES do you offer?");
    await expect(typing(page)).toBeVisible();
    const answer = conversation(page).getByText(/^We install suspended ceilings, office partitions/);
    await expect(answer).toBeVisible();
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
    await expect(typing(page)).toHaveCount(0);
    // New bot messages are announced.
    await expect(panel(page).locator("[aria-live=polite]")).toHaveText(/^We install suspended ceilings/);

    await conversation(page).getByRole("link", { name: "Ceiling repairs" }).click();
    await expect(page).toHaveURL(/\/ceiling-repair$/);
    // Client-side navigation: the chat and its conversation stay.
    await expect(answer).toBeVisible();
  });

  test("replies after 1000 ms plus up to 1000 ms, and the lead-form prompt 1000 ms after the offer", async ({
    page,
  }) => {
    await page.clock.install();
    await visit(page, "/");
    await openChat(page);
    // From here on the page's clock moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await say(page, "Can I book a site survey?");
    await expect(typing(page)).toBeVisible();
    await page.clock.runFor(999);
    await expect(conversation(page).getByText(/^I can arrange a free consultation/)).toHaveCount(0);
    await page.clock.runFor(1001);
    await expect(
      conversation(page).getByText("I can arrange a free consultation and site survey, and a fixed, itemised quote."),
    ).toBeVisible();
    await expect(typing(page)).toBeVisible();
    await expect(accept(page)).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(conversation(page).getByText("Would you like one of our team to contact you?")).toBeVisible();
    await expect(accept(page)).toBeVisible();
    await expect(callInstead(page)).toBeVisible();
    await expect(typing(page)).toHaveCount(0);
  });

  test("'I'll call instead' replies with the phone number as a tel: link", async ({ page }) => {
    await visit(page, "/");
    await openChat(page);
    await say(page, "Can I book a site survey?");
    await callInstead(page).click();
    await expect(input(page)).toBeFocused();
    await expect(accept(page)).toHaveCount(0);
    await expect(userMessages(page).last()).toHaveText("You: I'll call instead");
    await expect(
      conversation(page).getByText("No problem! Call us on 01 555 0192, Monday–Friday: 8:00–18:00."),
    ).toBeVisible();
    await expect(conversation(page).getByRole("link", { name: "01 555 0192" })).toHaveAttribute(
      "href",
      "tel:+35315550192",
    );
  });

  test("a hot lead: shop offer, 'Yes, contact me', five questions, kept in localStorage and accepted by the server", async ({
    page,
  }) => {
    await page.clock.install();
    await visit(page, "/shop-ceiling");
    await openChat(page);
    await say(page, "I need a quote for my shop ceiling");
    await botTurn(page, 3000);
    // A quote for a named service: its rates from the price table, then the shop offer.
    await expect(
      conversation(page).getByText(/^Our current rates for shop ceilings, .*€45–€95 per m².*free survey of your shop/s),
    ).toBeVisible();
    await expect(conversation(page).getByText("Would you like our shop-fit team to contact you?")).toBeVisible();

    await accept(page).click();
    await expect(input(page)).toBeFocused();
    await botTurn(page);
    await expect(conversation(page).getByText(/What's your name\?/)).toBeVisible();
    await expect(input(page)).toHaveAttribute("placeholder", "Your name");
    await say(page, "Niamh Doyle");
    await botTurn(page);
    await expect(conversation(page).getByText("Thanks, Niamh Doyle. What email address should we use?")).toBeVisible();
    await say(page, "niamh@doyle-opticians.ie");
    await botTurn(page);
    await say(page, "086 555 0142");
    await botTurn(page);
    await expect(conversation(page).getByText(/What type of project is it\?/)).toBeVisible();
    // The contact form's services, as quick replies.
    const choices = panel(page).getByRole("group", { name: "Type of project" }).getByRole("button");
    await expect(choices).toHaveText([
      "Partitions",
      "Suspended Ceilings",
      "Shop Ceiling Installation",
      "Ceiling Repairs",
      "Other",
    ]);
    await panel(page).getByRole("button", { name: "Shop Ceiling Installation" }).click();
    await expect(input(page)).toBeFocused();
    await expect(choices).toHaveCount(0);
    await botTurn(page);

    const posted = page.waitForResponse(isLeadPost);
    await say(page, "New ceiling with LED panels for our opticians in Swords.");
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({
      id: expect.any(Number),
      message: "Thank you! Our team will get back to you shortly.",
    });
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: "Niamh Doyle",
      leadQuality: "hot",
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      website: "",
    });
    expect((sent.transcript as Array<{ sender: string; text: string }>).slice(0, 2)).toMatchObject([
      { sender: "bot", text: expect.stringMatching(GREETING) },
      { sender: "user", text: "I need a quote for my shop ceiling" },
    ]);

    await botTurn(page);
    await expect(conversation(page).getByText(/^Thank you, Niamh Doyle! Your details are with our team/)).toBeVisible();
    const leads = await readList(page, "ic_interior_leads");
    expect(leads).toEqual([
      {
        name: "Niamh Doyle",
        email: "niamh@doyle-opticians.ie",
        phone: "086 555 0142",
        projectType: "Shop Ceiling Installation",
        details: "New ceiling with LED panels for our opticians in Swords.",
        leadQuality: "hot",
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    await expect.poll(() => readList(page, "ic_interior_leads_outbox")).toEqual([]);
  });

  test("a warm lead: a typed yes starts the questions; the server stores it as warm", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/partitions");
    await openChat(page);
    await say(page, "Could someone call me about it?");
    await botTurn(page, 3000);
    await expect(conversation(page).getByText("Would you like one of our team to contact you?")).toBeVisible();
    await say(page, "yes please");
    await botTurn(page);
    await expect(accept(page)).toHaveCount(0);
    for (const answer of ["Conor Walsh", "conor@walsh-accountants.ie", "01 555 0100", "Office partitions"]) {
      await say(page, answer);
      await botTurn(page);
    }
    const posted = page.waitForResponse(isLeadPost);
    await say(page, "Two glass meeting rooms in Sandyford, next spring.");
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: "Conor Walsh",
      projectType: "Office partitions",
      leadQuality: "warm",
    });
    expect(await readList(page, "ic_interior_leads")).toMatchObject([{ name: "Conor Walsh", leadQuality: "warm" }]);
  });

  test("prices from the live table, a bad e-mail asked again, and a reload mid-conversation that loses nothing", async ({
    page,
  }) => {
    // The table the server answers, with figures no rule could have typed in: the chat must use them.
    await page.route("**/api/prices", async (route) => {
      const response = await route.fetch();
      const table = (await response.json()) as { items: Array<{ key: string; low: number; high: number }> };
      for (const item of table.items)
        if (item.key === "basic-suspended-ceiling") Object.assign(item, { low: 33, high: 66 });
      await route.fulfill({ json: table });
    });
    await page.clock.install();
    await visit(page, "/suspended-ceilings");
    await openChat(page);
    await say(page, "How much would a suspended ceiling cost for an office of about 120 m2?");
    await botTurn(page, 3000);
    const answer = conversation(page).getByText(/^A ballpark for suspended ceilings from our current price list/);
    await expect(answer).toContainText(
      "Basic suspended ceiling (grid and mineral tiles), 120 m²: about €3,960–€7,920 (€33–€66 per m²)",
    );
    await expect(answer).toContainText("before VAT (13.5%)");
    await expect(conversation(page).getByRole("link", { name: "Instant price estimate" })).toHaveAttribute(
      "href",
      "/estimate",
    );
    await expect(accept(page)).toBeVisible();

    // Typed instead of tapped.
    await say(page, "yes please arrange a survey");
    await botTurn(page, 3000);
    await expect(conversation(page).getByText(/What's your name\?/)).toBeVisible();
    await expect(accept(page)).toHaveCount(0);
    await say(page, "Siobhan Murphy");
    await botTurn(page, 3000);
    await expect(
      conversation(page).getByText("Thanks, Siobhan Murphy. What email address should we use?"),
    ).toBeVisible();
    await say(page, "Siobhan Murphy");
    await botTurn(page, 3000);
    await expect(conversation(page).getByText(/^"Siobhan Murphy" doesn't look like an email address/)).toBeVisible();
    await expect(input(page)).toHaveAttribute("placeholder", "Your email address");

    // A reload: the chat opens again where it was, without taking the focus from the page.
    await page.reload();
    await waitForHydration(page);
    await expect(panel(page)).toBeVisible();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
    await expect(input(page)).not.toBeFocused();
    await expect(conversation(page).getByText(/^"Siobhan Murphy" doesn't look like an email address/)).toBeVisible();
    await expect(userMessages(page)).toHaveText([
      "You: How much would a suspended ceiling cost for an office of about 120 m2?",
      "You: yes please arrange a survey",
      "You: Siobhan Murphy",
      "You: Siobhan Murphy",
    ]);
    await expect(input(page)).toHaveAttribute("placeholder", "Your email address");

    await say(page, "siobhan@murphy-dental.ie");
    await botTurn(page, 3000);
    await expect(conversation(page).getByText(/^And the best phone number/)).toBeVisible();
    await say(page, "siobhan@");
    await botTurn(page, 3000);
    await expect(
      conversation(page).getByText(/^That doesn't look like a phone number: it needs at least 7 digits/),
    ).toBeVisible();
    await say(page, "01 555 0123");
    await botTurn(page, 3000);
    await panel(page).getByRole("button", { name: "Suspended Ceilings" }).click();
    await botTurn(page);
    await expect(conversation(page).getByText(/^Lastly, tell us a little about the job/)).toBeVisible();
    const posted = page.waitForResponse(isLeadPost);
    await say(page, "120 m² dental surgery in Rathmines, grid and tiles, in May.");
    const response = await posted;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: "Siobhan Murphy",
      email: "siobhan@murphy-dental.ie",
      phone: "01 555 0123",
      projectType: "Suspended Ceilings",
    });
    // The lead's transcript carries the conversation from before the reload.
    const transcript = sent.transcript as Array<{ text: string }>;
    expect(transcript.map((m) => m.text)).toContain(
      "How much would a suspended ceiling cost for an office of about 120 m2?",
    );
    await expect(conversation(page).getByText(/^Thank you, Siobhan Murphy!/)).toBeVisible();

    // A page load in the same tab keeps the finished conversation, and the lead is not taken again.
    await visit(page, "/partitions");
    await expect(conversation(page).getByText(/^Thank you, Siobhan Murphy!/)).toBeVisible();
    await say(page, "Can I get a quote?");
    await botTurn(page, 3000);
    await expect(conversation(page).getByText(/Your details are already with our team, Siobhan Murphy/)).toBeVisible();
    await expect(accept(page)).toHaveCount(0);
    expect(await readList(page, "ic_interior_leads")).toHaveLength(1);
    await expect.poll(() => readList(page, "ic_interior_leads_outbox")).toEqual([]);
  });

  test("a closed chat stays closed after a reload, and opens with its conversation", async ({ page }) => {
    await visit(page, "/");
    await openChat(page);
    await say(page, "Do you do repairs?");
    await expect(conversation(page).getByText(/^We repair water-stained/)).toBeVisible();
    await panel(page).getByRole("button", { name: "Close chat" }).click();
    await page.reload();
    await waitForHydration(page);
    await expect(panel(page)).toHaveCount(0);
    await openChat(page);
    await expect(userMessages(page)).toHaveText(["You: Do you do repairs?"]);
    await expect(conversation(page).getByText(/^We repair water-stained/)).toBeVisible();
  });

  test.describe("when the server cannot be reached", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] });

    /** Runs a whole lead conversation with the clock installed. */
    async function finishLead(page: Page, name: string) {
      await openChat(page);
      await say(page, "Please contact me about a repair");
      await botTurn(page, 3000);
      await accept(page).click();
      await botTurn(page);
      for (const answer of [
        name,
        "aoife@byrne-salons.ie",
        "087 123 4567",
        "Ceiling repair",
        "Water damage above the basins",
      ]) {
        await say(page, answer);
        await botTurn(page);
      }
    }

    test("the lead is queued, then delivered once on the next page view", async ({ page }) => {
      await page.clock.install();
      await visit(page, "/");
      const attempts: Request[] = [];
      page.on("request", (r) => isLeadPost(r) && attempts.push(r));
      await page.route("**/api/chat-leads", (route) => route.abort("failed"));
      await finishLead(page, "Aoife Byrne");
      await expect(conversation(page).getByText(/^Thank you, Aoife Byrne!/)).toBeVisible();
      await expect.poll(() => attempts.length).toBe(1);
      expect(await readList(page, "ic_interior_leads")).toMatchObject([{ name: "Aoife Byrne", leadQuality: "hot" }]);
      const queued = (await readList(page, "ic_interior_leads_outbox")) as Array<{ idempotencyKey: string }>;
      expect(queued).toHaveLength(1);

      // The server is back. The next page view sends the queued lead, without loading the widget
      // (closed, so the page load does not reopen it).
      await panel(page).getByRole("button", { name: "Close chat" }).click();
      await page.unroute("**/api/chat-leads");
      const chunks: string[] = [];
      page.on("request", (r) => r.url().includes("/assets/chat-panel-") && chunks.push(r.url()));
      const delivered = page.waitForResponse(isLeadPost);
      await page.goto("/gallery");
      const response = await delivered;
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({
        idempotencyKey: queued[0]!.idempotencyKey,
        name: "Aoife Byrne",
      });
      await expect.poll(() => readList(page, "ic_interior_leads_outbox")).toEqual([]);
      expect(chunks).toEqual([]);

      // And never again.
      await visit(page, "/about-us");
      await page.waitForLoadState("networkidle");
      expect(attempts).toHaveLength(2);
      expect(await readList(page, "ic_interior_leads")).toHaveLength(1);
    });

    test("a lead the server stored but whose answer was lost is not stored twice", async ({ page }) => {
      await page.clock.install();
      await visit(page, "/");
      // The request reaches the server; the answer never reaches the browser.
      let firstStatus = 0;
      let answerLost!: () => void;
      const lost = new Promise<void>((resolve) => (answerLost = resolve));
      await page.route("**/api/chat-leads", async (route) => {
        firstStatus = (await route.fetch()).status();
        await route.abort("failed");
        answerLost();
      });
      await finishLead(page, "Aoife Lost-Answer");
      await expect(conversation(page).getByText(/^Thank you, Aoife Lost-Answer!/)).toBeVisible();
      await lost;
      expect(firstStatus).toBe(201);
      await expect.poll(async () => (await readList(page, "ic_interior_leads_outbox")).length).toBe(1);

      await page.unroute("**/api/chat-leads");
      const retried = page.waitForResponse(isLeadPost);
      await page.goto("/");
      const response = await retried;
      expect(response.status()).toBe(200); // the existing enquiry's id; nothing new stored
      expect(await response.json()).toMatchObject({ id: expect.any(Number) });
      await expect.poll(() => readList(page, "ic_interior_leads_outbox")).toEqual([]);
    });
  });
});

test.describe("chat assistant accessibility and small screens", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`is axe-clean with the panel open at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await visit(page, "/");
      await openChat(page);
      await say(page, "What does a shop ceiling cost?");
      await expect(accept(page)).toBeVisible({ timeout: 10_000 });
      const box = (await panel(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.height).toBe(450);
      await expectNoAxeViolations(page);
      // With the typing indicator showing too.
      await say(page, "Do you do repairs?");
      await expect(typing(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("works at 320 px wide", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await visit(page, "/");
    await openChat(page);
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(box.y).toBeGreaterThanOrEqual(0);
    await say(page, "help");
    await expect(conversation(page).getByText(/^Happy to help!/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("respects reduced motion: the typing dots bounce, and do not with reduced motion", async ({ page }) => {
    // The suite reduces motion by default (playwright.config.ts): first as a visitor without it.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.clock.install();
    await visit(page, "/");
    await openChat(page);
    // The page's clock stands still from here: the assistant keeps typing while both are read.
    await page.clock.pauseAt(Date.now() + 60_000);
    await say(page, "hello");
    await expect(typing(page)).toBeVisible();
    const animations = () =>
      panel(page)
        .getByRole("status")
        .locator("span[aria-hidden=true]")
        .evaluateAll((dots) => dots.map((d) => getComputedStyle(d).animationName));
    expect(await animations()).toEqual(["bounce", "bounce", "bounce"]);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animations()).toEqual(["none", "none", "none"]);
  });
});
