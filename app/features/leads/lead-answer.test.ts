import { describe, expect, it } from "vitest";
import { answerLead } from "./lead-answer";

const words = { noun: "enquiry", successMessage: "Thanks!", invalidMessage: "Please fix it.", phone: "01 555 0199" };

describe("answerLead: one HTTP answer per outcome, for the API and the page alike", () => {
  it("answers a stored lead and a quarantined one identically", () => {
    expect(answerLead({ status: "stored", id: 7, quarantined: false }, words)).toEqual(
      answerLead({ status: "stored", id: 7, quarantined: true }, words),
    );
    expect(answerLead({ status: "stored", id: 7, quarantined: true }, words)).toEqual({
      status: 201,
      body: { id: 7, message: "Thanks!" },
      headers: {},
    });
    expect(answerLead({ status: "duplicate", id: 7 }, words).status).toBe(200);
  });

  it("names the fields, or says why it was refused, with 400", () => {
    expect(answerLead({ status: "invalid", fieldErrors: { email: "Bad" } }, words)).toEqual({
      status: 400,
      body: { message: "Please fix it.", fieldErrors: { email: "Bad" } },
      headers: {},
    });
    expect(answerLead({ status: "rejected", message: "No." }, words).body).toEqual({ message: "No." });
  });

  it("tells a rate-limited visitor when to retry and gives the phone number", () => {
    const answer = answerLead({ status: "rate-limited", retryAfterSeconds: 61 }, words);
    expect(answer.status).toBe(429);
    expect(answer.headers).toEqual({ "Retry-After": "61" });
    expect(answer.body.message).toBe(
      "Too many messages from your connection. Please try again in 2 minute(s), or call us on 01 555 0199.",
    );
  });
});
