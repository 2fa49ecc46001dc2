// Pictures the reliability suite uploads, built without holding their pixels.
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';

/** A PNG chunk: its length, type, data, and the CRC of type and data. */
function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

/**
 * A black RGB PNG of `width` × `height` pixels, built without ever holding its pixels: a deflate
 * block ended by a full flush refers to nothing before it, so one row's block, repeated, is the
 * whole image. At 20,000 × 20,000 it is a decompression bomb: 1.6 MB that inflate to 1.2 GB.
 */
export function blackPng(width, height) {
  // Each row is a filter byte (none) and three zero bytes a pixel.
  const rowBytes = 1 + width * 3;
  const row = deflateRawSync(Buffer.alloc(rowBytes), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  // The Adler-32 of zero bytes only: its low sum stays 1, its high sum is their count.
  adler.writeUInt32BE(((rowBytes * height) % 65_521) * 65_536 + 1);
  const pixels = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array(height).fill(row), deflateRawSync(Buffer.alloc(0)), adler]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits a sample
  header[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}
