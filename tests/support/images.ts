import zlib from "node:zlib";
import sharp from "sharp";

/** A picture of one leather-brown colour, to encode as the test needs (`.png()`, `.jpeg()` …). */
export function solidImage(width: number, height = width) {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 70, b: 30 } } });
}

/** A real PNG file of width × height pixels. */
export function png(width = 800, height = 600): Promise<Buffer> {
  return solidImage(width, height).png().toBuffer();
}

/**
 * A PNG whose header claims width × height pixels while its image data is a few bytes only (a
 * "pixel flood": tiny on the wire, enormous once decoded).
 */
export function pngClaiming(width: number, height: number): Buffer {
  const crc32 = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
