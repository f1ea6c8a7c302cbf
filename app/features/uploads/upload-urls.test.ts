import { describe, expect, it } from "vitest";
import {
  parseUploadFileName,
  parseUploadSrc,
  responsiveSources,
  thumbnailSrc,
  uploadUrl,
  variantWidths,
  widthsForUpload,
} from "./upload-urls";

const ID = "0123456789abcdef";

describe("upload addresses", () => {
  it("stores the standard widths below the image's own width, never enlarging, at most 1200", () => {
    expect(widthsForUpload(4000)).toEqual([400, 720, 800, 1200]);
    expect(widthsForUpload(1200)).toEqual([400, 720, 800, 1200]);
    expect(widthsForUpload(1000)).toEqual([400, 720, 800, 1000]);
    expect(widthsForUpload(800)).toEqual([400, 720, 800]);
    expect(widthsForUpload(760)).toEqual([400, 720, 760]);
    expect(widthsForUpload(300)).toEqual([300]);
    expect(variantWidths(1000)).toEqual([400, 720, 800, 1000]);
  });

  it("names files /uploads/<id>-<width>.<ext> and reads them back; anything else is not an upload", () => {
    expect(uploadUrl(ID, 800, "jpeg")).toBe(`/uploads/${ID}-800.jpg`);
    expect(parseUploadFileName(`${ID}-800.avif`)).toEqual({ id: ID, width: 800, format: "avif" });
    expect(parseUploadFileName(`${ID}-800.jpg`)).toEqual({ id: ID, width: 800, format: "jpeg" });
    for (const bad of [
      `${ID}-800.jpeg`,
      `${ID}-800.png`,
      `../${ID}-800.jpg`,
      `${ID.toUpperCase()}-800.jpg`,
      `${ID}-.jpg`,
      `${ID}-800.jpg?x`,
    ]) {
      expect(parseUploadFileName(bad), bad).toBeNull();
    }
    expect(parseUploadSrc(`/uploads/${ID}-1000.jpg`)).toEqual({ id: ID, maxWidth: 1000 });
    // An upload's id is 128 random bits (32 hex digits) since site photos went behind their address
    // alone; the 16-digit ids of uploads stored before still read.
    const LONG = "0123456789abcdef0123456789abcdef";
    expect(parseUploadFileName(`${LONG}-720.webp`)).toEqual({ id: LONG, width: 720, format: "webp" });
    for (const odd of [`${LONG}0-720.webp`, `${ID}0-720.webp`, `${LONG.slice(0, 24)}-720.webp`])
      expect(parseUploadFileName(odd), odd).toBeNull();
    expect(parseUploadSrc("/images/projects/hair-salon-ranelagh.svg")).toBeNull();
  });

  it("gives srcsets per format for uploads, and nothing for other paths", () => {
    expect(responsiveSources(`/uploads/${ID}-1200.jpg`)).toEqual({
      src: `/uploads/${ID}-800.jpg`,
      srcSet: {
        avif: `/uploads/${ID}-400.avif 400w, /uploads/${ID}-720.avif 720w, /uploads/${ID}-800.avif 800w, /uploads/${ID}-1200.avif 1200w`,
        webp: `/uploads/${ID}-400.webp 400w, /uploads/${ID}-720.webp 720w, /uploads/${ID}-800.webp 800w, /uploads/${ID}-1200.webp 1200w`,
        jpeg: `/uploads/${ID}-400.jpg 400w, /uploads/${ID}-720.jpg 720w, /uploads/${ID}-800.jpg 800w, /uploads/${ID}-1200.jpg 1200w`,
      },
    });
    expect(responsiveSources(`/uploads/${ID}-300.jpg`)?.src).toBe(`/uploads/${ID}-300.jpg`);
    expect(responsiveSources("/images/x.svg")).toBeNull();
    expect(thumbnailSrc(`/uploads/${ID}-1200.jpg`)).toBe(`/uploads/${ID}-400.jpg`);
    expect(thumbnailSrc("/images/x.svg")).toBe("/images/x.svg");
  });
});
