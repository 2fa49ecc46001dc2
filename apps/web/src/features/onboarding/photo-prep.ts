import { ID_IMAGE_MAX_BYTES } from '@lend/contracts';

/** The longest side a photo is sent at: a document stays legible, and a phone's 12-megapixel shot shrinks to a few hundred kilobytes. */
export const PHOTO_MAX_SIDE = 1600;
/** A file larger than this is not decoded at all: a phone would run out of memory before we could shrink it. */
export const PHOTO_MAX_INPUT_BYTES = 40 * 1024 * 1024;
const QUALITIES = [0.85, 0.7, 0.5] as const;

export type PreparedPhoto = { ok: true; photo: Blob; width: number; height: number } | { ok: false; reason: 'not-an-image' | 'too-large' };

/** The size a photo is drawn at: its own when small enough, else scaled so its longest side is `PHOTO_MAX_SIDE`. */
export function scaledSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * A picked file made ready to send (docs/decisions/241): decoded (anything that does not decode is
 * not a photo, whatever its name says), scaled down, re-encoded as JPEG, which also drops what the
 * camera wrote about where and when, and checked against the server's limit, lowering the quality
 * before giving up.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  if (file.type !== '' && !file.type.startsWith('image/')) return { ok: false, reason: 'not-an-image' };
  if (file.size > PHOTO_MAX_INPUT_BYTES) return { ok: false, reason: 'too-large' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  const size = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return { ok: false, reason: 'not-an-image' };
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const photo = await encode(canvas, quality);
    if (photo && photo.size <= ID_IMAGE_MAX_BYTES) return { ok: true, photo, ...size };
  }
  return { ok: false, reason: 'too-large' };
}
