import { expect, expectListLoaded, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Staff move one enquiry through the pipeline: contacted with a value and a follow-up, a note, then
// lost (which needs a reason); the timeline, the list's filters and the dashboard follow.
test.describe.configure({ mode: "serial" });
// "Lost" without a reason is refused by the server (400 naming the field), which the browser logs.
test.use({
  allowedConsoleErrors: [/status of 400 \(Bad Request\) @ http:\/\/localhost:\d+\/api\/admin\/contacts\/\d+$/],
});

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin({ username: "pipeline-staff", password: "Moves-Every-Lead-9" });
});
test.afterAll(async () => {
  await server?.stop();
});

const LEAD = {
  name: "Eoin Brennan",
  email: "eoin@brennan-optics.ie",
  service: "Suspended Ceilings",
  message: "Suspended ceiling for a 120 m² optician's shop in Naas, start in January.",
};

test("a lead moves through the pipeline with a note, and the list and dashboard follow", async ({ page }) => {
  const created = await page.request.post(`${server.origin}/api/contact`, { data: LEAD });
  expect(created.status()).toBe(201);
  const signedIn = await page.request.post(`${server.origin}/api/auth/login`, {
    data: { username: "pipeline-staff", password: "Moves-Every-Lead-9" },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto(`${server.origin}/admin/contacts`);
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: LEAD.name });
  await expect(row).toContainText("New");
  await page.getByRole("button", { name: `View enquiry from ${LEAD.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Enquiry from ${LEAD.name}` });
  const timeline = dialog.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Enquiry received (source: Contact form)");

  // Contacted, with a value, an assignee and a follow-up.
  await dialog.getByLabel("Status").selectOption("contacted");
  await dialog.getByLabel("Value (€, before VAT)").fill("4500");
  await dialog.getByLabel("Assigned to").selectOption({ label: "pipeline-staff" });
  await dialog.getByLabel("Follow up").fill("2026-12-01T09:30");
  await dialog.getByRole("button", { name: "Save pipeline" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Lead updated");
  await expect(timeline).toContainText("pipeline-staff changed status from New to Contacted");
  await expect(timeline).toContainText("value from none to €4,500");

  // A note.
  await dialog.getByLabel("Add a note").fill("Rang Eoin: site survey Tuesday, quote by Friday.");
  await dialog.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Note added");
  await expect(timeline).toContainText("Rang Eoin: site survey Tuesday, quote by Friday.");
  await expect(dialog.getByLabel("Add a note")).toHaveValue("");

  // Lost needs a reason.
  await dialog.getByLabel("Status").selectOption("lost");
  await dialog.getByRole("button", { name: "Save pipeline" }).click();
  const reason = dialog.getByLabel("Why was it lost?");
  await expect(reason).toHaveAccessibleDescription("Say why the job was lost");
  await expect(reason).toBeFocused();
  await reason.fill("Went with the landlord's contractor");
  await dialog.getByRole("button", { name: "Save pipeline" }).click();
  await expect(timeline).toContainText("status from Contacted to Lost");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  // The list shows it and filters by stage.
  await expect(row).toContainText("Lost");
  await page.getByLabel("Stage").selectOption("lost");
  await expectListLoaded(page, "Contact Submissions", { pipeline: "lost" });
  await expect(page.getByRole("row").filter({ hasText: LEAD.name })).toBeVisible();
  await page.getByLabel("Stage").selectOption("won");
  await expectListLoaded(page, "Contact Submissions", { pipeline: "won" });
  await expect(page.getByText("No contact submissions found matching your search.")).toBeVisible();

  // The dashboard's analytics count it, with a text alternative and a data table.
  await page.goto(`${server.origin}/admin`);
  await waitForHydration(page);
  const chart = page.getByRole("img", { name: /Leads per week by source/ });
  await expect(chart).toBeVisible();
  await page.getByText("Data table: pipeline funnel").click();
  const funnel = page.getByRole("table", { name: "Pipeline funnel" });
  await expect(funnel.getByRole("row", { name: /Contacted/ })).toContainText("1");
  await expectNoAxeViolations(page);
});
