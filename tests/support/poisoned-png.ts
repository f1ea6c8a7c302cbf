import zlib from "node:zlib";

// The signature that took the server down (issue 34): a valid PNG signature, a 1×1 RGBA header
// chunk (colour type 6) with a correct CRC, and image data that is not zlib. Everything that only
// looks at the first bytes accepts it; pdfkit's decoder then throws inside zlib's callback.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function poisonedPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from("these bytes are not zlib data")),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const poisonedSignature = () => `data:image/png;base64,${poisonedPng().toString("base64")}`;
