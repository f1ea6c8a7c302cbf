import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Office staff schedule an accepted quote's job: the job is on the Jobs list, its programme page
// adds a day with a crew member who is already on another job then (the clash is named, "Schedule
// anyway" books it), a day in the past only once they say so, and the programme is e-mailed to
// the client.
test.describe.configure({ mode: "serial" });

const OWNER = { username: "jobs-owner", password: "Programme-Owner-2026" };
const OFFICE = { username: "orla.office", password: "Grid-Level-Checked-7" };
const CREW = { username: "sean", password: "Safe-Pass-Carded-9" };

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(OWNER, { BUSINESS_VAT_NUMBER: "IE 6388047V" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function ownerCookie() {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  expect((await api(cookie, "POST", "/api/auth/confirm", { password: OWNER.password })).status).toBe(204);
  return cookie;
}

/** The Irish calendar day `n` days from now, as a date input takes it. */
const dayAhead = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date(Date.now() + n * 86_400_000));

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["390", { width: 390, height: 844 }],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/jobs-${name}-${label}.png`, fullPage: true });
  }
}

test.use({
  // The clash is a 409 answer, which Chromium reports on the console.
  allowedConsoleErrors: [/status of 409 \(Conflict\) @ https?:\/\/[^/]+\/api\/admin\/jobs\/\d+\/days$/],
});

test("office staff schedule a day for an accepted quote's job, see the clash and e-mail the programme", async ({
  page,
}) => {
  const owner = await ownerCookie();
  const ids: Record<string, number> = {};
  for (const user of [OFFICE, CREW]) {
    const added = await api(owner, "POST", "/api/admin/users", { ...user, role: "office", passwordMode: "choose" });
    expect(added.status).toBe(201);
    ids[user.username] = added.body!.id as number;
  }
  // A lead, its quote sent and accepted online by the client.
  expect(
    (
      await api("", "POST", "/api/contact", {
        name: "Aoife Byrne",
        email: "aoife@byrne-retail.ie",
        service: "Suspended Ceilings",
        message: "New suspended ceiling for a 120 m² shop in Naas, ideally before Christmas.",
      })
    ).status,
  ).toBe(201);
  const leads = (await api(owner, "GET", "/api/admin/contacts")).body as unknown as Array<{ id: number }>;
  const quote = await api(owner, "POST", `/api/admin/contacts/${leads[0]!.id}/quotes`, {
    lines: [
      {
        description: "Suspended ceiling, grid and tiles",
        quantity: 120,
        unit: "m²",
        unitPriceCents: 4_500,
        vatRate: 13.5,
      },
    ],
    client: {
      name: "Aoife Byrne",
      company: "Byrne Retail",
      email: "aoife@byrne-retail.ie",
      address: "Main Street, Naas W91 X2Y3",
    },
  });
  expect((await api(owner, "POST", `/api/admin/quotes/${quote.body!.id as number}/send`)).status).toBe(200);
  const token = (quote.body!.url as string).split("/q/")[1]!;
  const accepted = await api("", "POST", `/q/${token}/accept`, {
    name: "Aoife Byrne",
    agree: true,
    selected: [],
    revision: 1,
  });
  expect(accepted.status).toBe(200);
  const { items } = (await api(owner, "GET", "/api/admin/jobs")).body as {
    items: Array<{ id: number; number: string; clientId: number }>;
  };
  const job = items[0]!;
  // Seán is already on another job that day, 7:00–15:00.
  const other = await api(owner, "POST", "/api/admin/jobs", {
    clientId: job.clientId,
    title: "Office partitions",
    site: { address: ["Swords"] },
  });
  const day = dayAhead(4);
  const booked = (
    await api(owner, "POST", `/api/admin/jobs/${other.body!.id as number}/days`, {
      start: `${day}T07:00:00${irishOffset(day)}`,
      end: `${day}T15:00:00${irishOffset(day)}`,
      staffIds: [ids.sean],
    })
  ).status;
  expect(booked).toBe(201);

  // Orla, in the office, finds the job on the Jobs list.
  await page.setViewportSize(DESKTOP);
  expect((await page.request.post(`${server.origin}/api/auth/login`, { data: OFFICE })).status()).toBe(200);
  await page.goto(`${server.origin}/admin`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Jobs to schedule" })).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await expect(page.getByRole("link", { name: job.number, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "list");
  await page.setViewportSize(DESKTOP);
  // A row's links are real links (a new tab opens them too) and open within the app, no page load.
  const programme = page.getByRole("link", { name: `Programme of job ${job.number}` });
  await expect(programme).toHaveAttribute("href", `/admin/jobs/${job.id}/programme`);
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: job.number, exact: true }).click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await expect(tab).toHaveURL(`${server.origin}/admin/jobs/${job.id}`);
  await tab.close();
  await expect(page).toHaveURL(`${server.origin}/admin/jobs`);
  await page.evaluate(() => Object.assign(window, { stayedOnThePage: true }));
  await programme.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Programme: ${job.number}`);
  expect(await page.evaluate(() => "stayedOnThePage" in window)).toBe(true);
  await waitForHydration(page);

  await page.getByLabel("Start date").fill(day);
  await page.getByLabel("Start time").fill("08:00");
  await expect(page.getByLabel("End date")).toHaveValue(day);
  await page.getByLabel("End time").fill("17:00");
  await page.getByRole("checkbox", { name: "sean" }).check();
  await page.getByRole("checkbox", { name: "orla.office" }).check();
  await page.getByLabel("Note").fill("Shop open: work behind screens");
  await page.getByRole("button", { name: "Add the day" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(
    new RegExp(`sean is already on job ${other.body!.number as string}, .+ 7:00–15:00`),
  );
  await expectNoAxeViolations(page);
  await shoot(page, "clash");
  await page.setViewportSize(DESKTOP);
  await page.getByRole("button", { name: "Schedule anyway" }).click();
  const days = page.getByRole("list", { name: "Days on the programme" });
  await expect(days.getByRole("listitem")).toHaveCount(1);
  await expect(days).toContainText(/(?<!\d)8:00–17:00/);
  await expect(days).toContainText("Crew: orla.office, sean");
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
  const toast = page.getByRole("region", { name: "Notifications" });

  // A day already worked, logged after the fact: the form warns before saving it, and saves it
  // only when told to.
  const past = dayAhead(-3);
  await page.getByLabel("Start date").fill(past);
  await expect(page.getByLabel("End date")).toHaveValue(past);
  await page.getByRole("checkbox", { name: "orla.office" }).check();
  await page.getByRole("button", { name: "Add the day" }).click();
  const warning = page.getByRole("alert").filter({ hasText: "This day is in the past" });
  await expect(warning).toContainText(/It starts \d{1,2} \w+ \d{4}, 8:00, before now\. Save it anyway\?/);
  await expectNoAxeViolations(page);
  await shoot(page, "past-day");
  await page.setViewportSize(DESKTOP);
  await warning.getByRole("button", { name: "Change the date" }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByLabel("Start date")).toBeFocused();
  await expect(days.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Add the day" }).click();
  await warning.getByRole("button", { name: "Save it anyway" }).click();
  await expect(toast).toContainText("Day added");
  await expect(warning).toBeHidden();
  await expect(days.getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "E-mail the programme to the client" }).click();
  await expect(toast).toContainText("Programme e-mailed");
  await expect(toast).toContainText("Sent to aoife@byrne-retail.ie");
  await expect(page.getByText(/^Last e-mailed on /)).toBeVisible();
  await shoot(page, "programme");

  // The quote's page links to its job.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${server.origin}/admin/quotes/${quote.body!.id as number}`);
  await expect(page.getByRole("link", { name: `Open job ${job.number}` })).toHaveAttribute(
    "href",
    `/admin/jobs/${job.id}`,
  );

  // On the job's card the office moves it on: started, then snagging, which opens the client's
  // sign-off on their page. Cancelling asks first, and keeping it changes nothing.
  await page.goto(`${server.origin}/admin/jobs/${job.id}`);
  await waitForHydration(page);
  const status = page.getByRole("region", { name: /^Status:/ });
  await expect(status.getByRole("heading")).toHaveText("Status: Scheduled");
  await status.getByRole("button", { name: "Start the job" }).click();
  await expect(toast).toContainText("Job started");
  await expect(status.getByRole("heading")).toHaveText("Status: In progress");
  await status.getByRole("button", { name: "Move to snagging" }).click();
  await expect(status.getByRole("heading")).toHaveText("Status: Snagging");
  await status.getByRole("button", { name: "Cancel job" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel this job?" });
  await expect(cancel).toContainText("cannot be reopened");
  await cancel.getByRole("button", { name: "Keep it as it is" }).click();
  await expect(cancel).toBeHidden();
  await expect(status.getByRole("heading")).toHaveText("Status: Snagging");
  await expectNoAxeViolations(page);
  const clientPage = await page.getByRole("link", { name: "The client's page" }).getAttribute("href");
  await page.goto(`${server.origin}${new URL(clientPage!).pathname}`);
  await expect(page.getByRole("button", { name: "Sign off the job" })).toBeVisible();
});

/** Dublin's UTC offset on a calendar day at noon: "+00:00" in winter, "+01:00" in summer. */
function irishOffset(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Dublin", hour: "2-digit", hourCycle: "h23" }).format(noon),
  );
  return hour === 13 ? "+01:00" : "+00:00";
}
