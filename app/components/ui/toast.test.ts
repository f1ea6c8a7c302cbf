import { describe, expect, it } from "vitest";
import { withoutToast, type ToastState } from "./toast";

describe("dismissing a toast", () => {
  const published: ToastState = { id: 1, title: "Project published" };
  const updated: ToastState = { id: 2, title: "Project updated" };

  it("removes the toast that timed out", () => {
    expect(withoutToast(published, 1)).toBeNull();
  });

  it("keeps a newer toast when the old one's timer fires before the newer one is on screen", () => {
    expect(withoutToast(updated, 1)).toBe(updated);
  });

  it("leaves an empty region empty", () => {
    expect(withoutToast(null, 1)).toBeNull();
  });
});
