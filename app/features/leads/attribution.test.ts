import { describe, expect, it } from "vitest";
import { UTM_KEYS, utmFrom } from "./attribution";

describe("utmFrom", () => {
  it("keeps exactly the utm_* tags the server accepts", () => {
    const search = `?${UTM_KEYS.map((k) => `${k}=v-${k}`).join("&")}&gclid=x&utm_other=y`;
    expect(utmFrom(search)).toEqual(Object.fromEntries(UTM_KEYS.map((k) => [k, `v-${k}`])));
    expect(utmFrom("?page=2")).toBeUndefined();
  });
});
