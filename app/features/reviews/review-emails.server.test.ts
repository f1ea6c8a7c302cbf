import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { reviewReminderEmail, reviewRequestEmail, type ReviewFacts } from "./review-emails.server";

// The review request names the job the client had done: its title, as staff typed it, must read
// well in the sentence, and the sentence must stand without one.

const facts = (jobTitle: string): ReviewFacts => ({
  name: "Niamh Kelly",
  toAddress: "niamh@kelly-pharmacy.ie",
  jobTitle,
  area: "Swords, Co. Dublin",
  link: "https://www.example.ie/r/abc",
});

const firstLine = (body: string, start: string) => body.split("\n").find((l) => l.startsWith(start));

describe("the review request's opening sentence", () => {
  it("ends with the job's title as staff wrote it, capitals and commas intact", () => {
    const { bodyText } = reviewRequestEmail(facts("Office partitions, second floor"), defaultBusiness);
    expect(firstLine(bodyText, "Thank you")).toBe(
      "Thank you for choosing IC Interiors for your job in Swords, Co. Dublin: Office partitions, second floor.",
    );
  });

  it("keeps a title that starts with a name as it is, and gives it one full stop", () => {
    const { bodyText } = reviewRequestEmail(facts("Byrne Retail fit-out. "), defaultBusiness);
    expect(firstLine(bodyText, "Thank you")).toBe(
      "Thank you for choosing IC Interiors for your job in Swords, Co. Dublin: Byrne Retail fit-out.",
    );
  });

  it("reads whole without a title", () => {
    const { bodyText } = reviewRequestEmail(facts(""), defaultBusiness);
    expect(firstLine(bodyText, "Thank you")).toBe(
      "Thank you for choosing IC Interiors for your job in Swords, Co. Dublin.",
    );
  });
});

describe("the reminder's opening sentence", () => {
  it("names the job with its title, and without one", () => {
    expect(firstLine(reviewReminderEmail(facts("Suspended ceiling, Unit 4"), defaultBusiness).bodyText, "A few")).toBe(
      "A few days ago we asked for a review of your job in Swords, Co. Dublin: Suspended ceiling, Unit 4. If you have two minutes, a few honest lines help the next business choosing a ceilings contractor.",
    );
    expect(firstLine(reviewReminderEmail(facts(""), defaultBusiness).bodyText, "A few")).toBe(
      "A few days ago we asked for a review of your job in Swords, Co. Dublin. If you have two minutes, a few honest lines help the next business choosing a ceilings contractor.",
    );
  });
});
