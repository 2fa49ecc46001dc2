import { randomBytes } from 'node:crypto';
import { Limits, type ErrorCodeValue } from '@lend/contracts';
import type sharp from 'sharp';
import { atMostAtOnce } from '../../concurrency';
import { AppError } from '../../errors';
import type { FileStorage } from './storage';

// Decoded pixels, not file bytes, are what costs memory: refuse pictures beyond 40 megapixels.
const MAX_INPUT_PIXELS = 40_000_000;
type SharpImage = ReturnType<typeof sharp>;
/**
 * Pictures decoded at once in a process: a picture near the pixel limit takes tens of MiB while it
 * is worked on, and four at once took a server past 300 MiB; the others wait their turn
 * (docs/decisions/204).
 */
const IMAGES_DECODED_AT_ONCE = 1;
const decoding = atMostAtOnce(IMAGES_DECODED_AT_ONCE);

/** The image libraries load on the first upload, not at every server start. */
let imageLibraries: Promise<{ sharp: typeof sharp; fileTypeFromBuffer: typeof import('file-type').fileTypeFromBuffer }> | undefined;
function loadImageLibraries() {
  imageLibraries ??= Promise.all([import('sharp'), import('file-type')]).then(([{ default: loaded }, { fileTypeFromBuffer }]) => {
    loaded.cache(false);
    return { sharp: loaded, fileTypeFromBuffer };
  });
  return imageLibraries;
}

const FORMATS = {
  'image/jpeg': { extension: 'jpg', encode: (image: SharpImage) => image.jpeg({ quality: 85 }) },
  'image/png': { extension: 'png', encode: (image: SharpImage) => image.png() },
  'image/webp': { extension: 'webp', encode: (image: SharpImage) => image.webp({ quality: 85 }) },
} as const;
export type ImageContentType = keyof typeof FORMATS;

export type EncodedImage = { bytes: Buffer; contentType: ImageContentType; extension: string };

function isAccepted(mime: string): mime is ImageContentType {
  return Object.prototype.hasOwnProperty.call(FORMATS, mime);
}

/**
 * Accepts JPEG, PNG or WebP recognised by content (never by name or declared type) and
 * re-encodes it: orientation applied, oversized pictures scaled down, and every piece of
 * metadata (EXIF location, camera, XMP) left out of the new file. Anything else is refused with
 * the caller's own `notImage` code, in its area's words.
 */
export async function reencodeImage(input: Uint8Array, notImage: Exclude<ErrorCodeValue, 0>): Promise<EncodedImage> {
  const { sharp, fileTypeFromBuffer } = await loadImageLibraries();
  const sniffed = await fileTypeFromBuffer(input);
  if (!sniffed || !isAccepted(sniffed.mime)) throw new AppError(notImage);
  const format = FORMATS[sniffed.mime];
  const side = Limits.complaintImageSideMax;
  try {
    const bytes = await decoding(() => {
      const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      return format.encode(image).toBuffer();
    });
    return { bytes, contentType: sniffed.mime, extension: format.extension };
  } catch {
    // Right signature, broken or hostile content.
    throw new AppError(notImage);
  }
}

export type StoredImage = { name: string; contentType: ImageContentType; byteSize: number };

/**
 * Every borrower photo takes this one way in (complaint evidence, identity documents): re-encoded
 * as above, then stored whole under a fresh random name. The caller records the row, and removes
 * the file again when its transaction fails.
 */
export async function storeUploadedImage(storage: FileStorage, input: Uint8Array, notImage: Exclude<ErrorCodeValue, 0>): Promise<StoredImage> {
  const image = await reencodeImage(input, notImage);
  const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
  await storage.put(name, image.bytes);
  return { name, contentType: image.contentType, byteSize: image.bytes.length };
}
