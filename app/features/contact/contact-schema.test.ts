import { describe, expect, it } from "vitest";
import { ContactSchema, validateContact } from "./contact-schema";

const valid = { name: "Aoife Byrne", email: "aoife@example.ie", message: "We need a new ceiling in our shop." };

const errors = validateContact;

describe("ContactSchema", () => {
  it("accepts a complete enquiry and trims it", () => {
    const result = ContactSchema.parse({
      ...valid,
      name: "  Aoife Byrne ",
      phone: " 087 123 4567 ",
      service: "Partitions",
    });
    expect(result).toEqual({ ...valid, phone: "087 123 4567", service: "Partitions" });
  });

  it("treats phone and service as optional: missing, empty or null", () => {
    expect(ContactSchema.parse({ ...valid, phone: "", service: "" })).toEqual(valid);
    expect(ContactSchema.parse({ ...valid, phone: null, service: null })).toEqual(valid);
    expect(ContactSchema.parse({ ...valid, phone: "   " })).toEqual(valid);
  });

  it("gives the spec's messages", () => {
    expect(errors({ name: "A", email: "not-an-email", message: "short" })).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      message: "Message must be at least 10 characters",
    });
    expect(errors({})).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      message: "Message must be at least 10 characters",
    });
  });

  it("counts characters after trimming, so spaces cannot pass the minimum", () => {
    expect(errors({ ...valid, name: "  A  ", message: "          x" })).toEqual({
      name: "Name must be at least 2 characters",
      message: "Message must be at least 10 characters",
    });
  });

  it("answers wrong types with the field's message, not an exception", () => {
    expect(errors({ name: 42, email: ["a@b.ie"], message: { text: "hello there" }, service: 7 })).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      message: "Message must be at least 10 characters",
      service: "Please choose a service from the list",
    });
  });

  it("refuses a service that is not on the list", () => {
    expect(errors({ ...valid, service: "Plumbing" })).toEqual({ service: "Please choose a service from the list" });
  });

  it("caps lengths", () => {
    expect(errors({ ...valid, name: "x".repeat(101) })).toEqual({ name: "Name must be at most 100 characters" });
    expect(errors({ ...valid, message: "x".repeat(5001) })).toEqual({
      message: "Message must be at most 5,000 characters",
    });
    expect(errors({ ...valid, phone: "1".repeat(41) })).toEqual({
      phone: "Phone number must be at most 40 characters",
    });
  });

  it("strips NUL and other control characters, keeping line breaks in the message", () => {
    const result = ContactSchema.parse({
      ...valid,
      name: "Ao\u0000ife\nByrne",
      message: "Line one\u0007\r\nLine two\u0000 here",
    });
    expect(result.name).toBe("Aoife Byrne");
    expect(result.message).toBe("Line one\nLine two here");
  });
});
