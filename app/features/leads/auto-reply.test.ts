import { describe, expect, it } from "vitest";
import type { Business } from "~/config";
import { autoReplyName, buildAutoReply } from "./auto-reply.server";

const business = {
  name: "IC Interiors",
  phone: "01 555 0199",
  phoneE164: "+35315550199",
  email: "info@icinteriors.example",
  address: {
    street: "Unit 4, Ballymount Trade Centre",
    locality: "Dublin 12",
    region: "Dublin",
    postalCode: "D12 X5R2",
  },
  openingHours: { label: "Monday–Friday: 8:00–18:00" },
} as unknown as Business;

const reply = (name: string, subject = "Thanks for your enquiry, {name}", body = "Hi {name}, about {service}.") =>
  buildAutoReply(
    { name, email: "visitor@example.ie", service: "Partitions" },
    { autoReplySubject: subject, autoReplyBody: body },
    business,
    "https://icinteriors.example",
  );

describe("the visitor auto-reply cannot carry a phishing message", () => {
  const attack = "Customer. URGENT: your account is suspended, verify at https://evil.example/login";

  it("puts no visitor text in the subject, whatever the template says", () => {
    expect(reply(attack).subject).toBe("Thanks for your enquiry");
    expect(reply("Aoife", "{name}: thanks for your enquiry!").subject).toBe("thanks for your enquiry!");
    expect(reply("Aoife", "Got it, {name}.").subject).toBe("Got it.");
    expect(reply("Aoife", "{name}").subject).toBe("Thanks for your enquiry");
    expect(reply("Aoife", "About {service}, {name}").subject).toBe("About Partitions");
  });

  it("shows the name in the body only when it cannot become a link, and cut to 60 characters", () => {
    const body = reply(attack).bodyText;
    expect(body).toContain("Hi there, about Partitions.");
    expect(body).not.toContain("evil");
    for (const name of ["www.evil.example", "evil.example/login", "mailto:x@y.ie", "a@b.ie", "ftp:x"])
      expect(autoReplyName(name)).toBe("there");
    expect(autoReplyName("Seán Ó Briain")).toBe("Seán Ó Briain");
    expect(autoReplyName("Dr. Mary O'Neill")).toBe("Dr. Mary O'Neill");
    const long = "Aoife ".repeat(20);
    expect(autoReplyName(long)).toHaveLength(60);
    expect(autoReplyName(long).endsWith("…")).toBe(true);
    expect(reply(attack).bodyHtml).not.toContain("evil");
  });
});
