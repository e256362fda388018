import { describe, expect, it } from "vitest";
import { sniffVideo } from "./videos.server";

describe("sniffVideo", () => {
  it("knows MP4 by its 'ftyp' box at offset 4 and WebM by its EBML header, whatever the name", () => {
    expect(sniffVideo(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypmp42"), Buffer.alloc(24)]))).toBe("mp4");
    expect(sniffVideo(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from("webm"), Buffer.alloc(16)]))).toBe(
      "webm",
    );
  });

  it("refuses text, images, Matroska that is not WebM and short files", () => {
    expect(sniffVideo(Buffer.from("hello, this is a text file called video.mp4"))).toBeNull();
    expect(sniffVideo(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBeNull();
    expect(sniffVideo(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from("matroska")]))).toBeNull();
    expect(sniffVideo(Buffer.from("ftyp"))).toBeNull();
  });
});
