import type { APIRequestContext } from "@playwright/test";
import { expect, expectListLoaded, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Office staff find a client, open it, see its enquiries and merge in a duplicate made when the
// same business wrote from another address; the enquiry then shows its client and the other enquiry.
test.describe.configure({ mode: "serial" });

const OWNER = { username: "clients-owner", password: "Owns-Every-Client-7" };
const OFFICE = { username: "clients-office", password: "Finds-Every-Client-7" };

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

async function call(request: APIRequestContext, method: "post", path: string, data: unknown, status: number) {
  const res = await request[method](`${server.origin}${path}`, { data });
  expect(res.status(), `${method.toUpperCase()} ${path}`).toBe(status);
  return res;
}

test("office staff find a client, see its enquiries and merge a duplicate into it", async ({ page, playwright }) => {
  // The owner adds the office account (a new account needs the owner's password again).
  const owner = await playwright.request.newContext();
  await call(owner, "post", "/api/auth/login", OWNER, 200);
  await call(owner, "post", "/api/auth/confirm", { password: OWNER.password }, 204);
  await call(owner, "post", "/api/admin/users", { ...OFFICE, role: "office", passwordMode: "choose" }, 201);
  await owner.dispose();

  // Two enquiries from one shop, from two addresses and phones: two clients until merged.
  const enquiry = { service: "Suspended Ceilings", message: "A suspended ceiling for our shop unit in Swords." };
  const first = await call(
    page.request,
    "post",
    "/api/contact",
    { ...enquiry, name: "Aoife Byrne", email: "aoife@byrne-retail.ie", phone: "01 555 0147" },
    201,
  );
  const firstId = ((await first.json()) as { id: number }).id;
  await call(
    page.request,
    "post",
    "/api/contact",
    { ...enquiry, name: "Byrne Retail Shop", email: "shop@byrne-retail.ie", phone: "087 765 4321" },
    201,
  );
  await call(page.request, "post", "/api/auth/login", OFFICE, 200);

  await page.goto(`${server.origin}/admin`);
  await waitForHydration(page);
  await page.getByRole("navigation").getByRole("link", { name: "Clients" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();

  // Found by part of a contact's e-mail address.
  await page.getByLabel("Search clients").fill("aoife@byrne");
  await expectListLoaded(page, "Clients", { q: "aoife@byrne" });
  const list = page.getByRole("region", { name: "Clients", exact: true });
  await expect(list.getByRole("row")).toHaveCount(2); // the header and one client
  await expectNoAxeViolations(page);
  await list.getByRole("link", { name: "Aoife Byrne", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Aoife Byrne" })).toBeVisible();
  const enquiries = page.getByRole("region", { name: /^Enquiries/ });
  await expect(enquiries).toHaveAccessibleName("Enquiries (1)");
  await expect(enquiries.getByRole("link", { name: "Suspended Ceilings enquiry from Aoife Byrne" })).toBeVisible();
  await expect(page.getByLabel("Contact 1 e-mail")).toHaveValue("aoife@byrne-retail.ie");

  // Merge the duplicate: found by its phone, then confirmed.
  await page.getByRole("button", { name: "Merge another client into this one" }).click();
  const dialog = page.getByRole("dialog", { name: "Merge another client into this one" });
  await dialog.getByLabel("Find the client to merge").fill("087 765");
  await dialog.getByRole("button", { name: "Choose Byrne Retail Shop" }).click();
  await expect(dialog).toContainText("Merge Byrne Retail Shop into Aoife Byrne?");
  await expect(dialog).toContainText("This cannot be undone.");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Merge clients" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Clients merged");
  await expect(dialog).toBeHidden();
  await expect(enquiries).toHaveAccessibleName("Enquiries (2)");
  await expect(
    enquiries.getByRole("link", { name: "Suspended Ceilings enquiry from Byrne Retail Shop" }),
  ).toBeVisible();
  await expect(page.getByLabel("Contact 2 e-mail")).toHaveValue("shop@byrne-retail.ie");

  // The duplicate is gone from the list.
  await page.goto(`${server.origin}/admin/clients?q=byrne`);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Clients", exact: true }).getByRole("row")).toHaveCount(2);

  // The first enquiry's page shows its client and the other enquiry.
  await page.goto(`${server.origin}/admin/contacts?lead=${firstId}`);
  await waitForHydration(page);
  const lead = page.getByRole("dialog", { name: "Enquiry from Aoife Byrne" });
  await expect(lead.getByRole("region", { name: "Client" }).getByRole("link", { name: "Aoife Byrne" })).toBeVisible();
  await lead
    .getByRole("region", { name: "Also from this client" })
    .getByRole("link", { name: "Suspended Ceilings enquiry from Byrne Retail Shop" })
    .click();
  await expect(page.getByRole("dialog", { name: "Enquiry from Byrne Retail Shop" })).toBeVisible();

  // A repair agreed by phone: a job started from the client's page, without a quote. The site is
  // asked for (this client has no billing address yet), then the new job's card opens.
  await page.goto(`${server.origin}/admin/clients`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Aoife Byrne", exact: true }).click();
  await page.getByRole("button", { name: "Start a job" }).click();
  const start = page.getByRole("dialog", { name: "Start a job" });
  await start.getByLabel("Title").fill("Replace water-stained tiles, shop floor");
  await start.getByLabel("Service").selectOption("ceiling-repairs");
  await start.getByRole("button", { name: "Start the job" }).click();
  await expect(start.getByText("Enter the site address, one line per entry (at least one line)")).toBeVisible();
  await start.getByLabel("Site address").fill("Unit 4, Naas Road Business Park\nDublin 12");
  await start.getByLabel("Eircode").fill("d12x285");
  await start.getByRole("button", { name: "Start the job" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Replace water-stained tiles, shop floor" })).toBeVisible();
  await expect(page.getByText("D12 X285 (map)")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Status: To schedule" })).toBeVisible();
});
