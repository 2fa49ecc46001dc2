import { Readable } from 'node:stream';
import { ErrorCode, Limits, MACHINE_BASE, MachinePath } from '@lend/contracts';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintImages } from '../src/db/schema';
import { complaintCalls, openComplaintApp, refused } from './complaint-helpers';
import { images, multipartBody } from './factories';
import { sessionQuery, type BorrowerSession, type TestApp } from './helper';

let t: TestApp;
let ana: BorrowerSession;
let bruno: BorrowerSession;

beforeAll(async () => {
  ({ t, ana, bruno } = await openComplaintApp());
});
afterAll(async () => t?.close());

const { call, upload, uploadUrl } = complaintCalls(() => t);

describe('complaint image upload', () => {
  it('re-encodes a JPEG so its camera and location metadata are gone', async () => {
    const original = await images.jpegWithLocation();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const { status, body } = await upload(ana, original);
    expect(status).toBe(200);
    expect(body.data?.url).toMatch(/^\/machine\/user-problem\/problem-img\/[a-f0-9]{32}\.jpg$/);
    const name = body.data?.url.split('/').pop() ?? '';
    const stored = await t.storage.get(name);
    if (!stored) throw new Error('not stored');
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(stored).includes(Buffer.from('LeakyCam'))).toBe(false);
  });

  it('takes a photo of several megabytes and scales it down to 2560 px', async () => {
    const noise = Buffer.alloc(3200 * 900 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 3200, height: 900, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
    expect(photo.length).toBeGreaterThan(Limits.bodyBytesMax);
    expect(photo.length).toBeLessThan(Limits.complaintImageBytesMax);
    const { status, body } = await upload(ana, photo);
    expect(status).toBe(200);
    const stored = await t.storage.get(body.data?.url.split('/').pop() ?? '');
    if (!stored) throw new Error('not stored');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 2560, height: 720 });
  });

  it('accepts PNG and WebP by content, whatever the file is called', async () => {
    expect((await upload(ana, await images.png())).body.data?.url).toMatch(/\.png$/);
    expect((await upload(ana, await images.webp())).body.data?.url).toMatch(/\.webp$/);
  });

  it('refuses what is not a JPEG, PNG or WebP image, and an oversized file, storing nothing', async () => {
    const before = await t.storage.list();
    const [{ n: rowsBefore } = { n: 0 }] = await t.database.db.select({ n: count() }).from(complaintImages);
    const text = await upload(ana, Buffer.from('just text pretending to be a picture'), 'problemImage', '2');
    expect(text).toEqual({ status: 415, body: refused(ErrorCode.ComplaintImageNotImage, 'es') });
    expect((await upload(ana, await images.gif())).body).toEqual(refused(ErrorCode.ComplaintImageNotImage));
    // A PNG signature followed by garbage is not an image either.
    const fakePng = Buffer.concat([(await images.png()).subarray(0, 16), Buffer.alloc(200, 7)]);
    expect((await upload(ana, fakePng)).body).toEqual(refused(ErrorCode.ComplaintImageNotImage));
    const huge = Buffer.concat([await images.png(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(ana, huge)).toEqual({ status: 413, body: refused(ErrorCode.ComplaintImageTooLarge) });
    expect(await t.storage.list()).toEqual(before);
    const [{ n: rowsAfter } = { n: 0 }] = await t.database.db.select({ n: count() }).from(complaintImages);
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('refuses a file one byte over 5 MiB when that byte arrives on its own, as a browser sends a file in pieces', async () => {
    const before = await t.storage.list();
    const picture = await images.png();
    const form = multipartBody('problemImage', 'evidence.png', Buffer.concat([picture, Buffer.alloc(Limits.complaintImageBytesMax + 1 - picture.length)]));
    const fileStart = form.payload.indexOf('\r\n\r\n') + 4;
    const limitEnd = fileStart + Limits.complaintImageBytesMax;
    const response = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintImageUpload}?${sessionQuery(ana, { language: '1' })}`,
      headers: { 'content-type': form.contentType },
      payload: Readable.from([form.payload.subarray(0, fileStart), form.payload.subarray(fileStart, limitEnd), form.payload.subarray(limitEnd)]),
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 413, body: refused(ErrorCode.ComplaintImageTooLarge) });
    expect(await t.storage.list()).toEqual(before);
  });

  it('asks for an image when the file is missing or under another field', async () => {
    expect((await upload(ana, await images.png(), 'other')).body).toEqual(refused(ErrorCode.ComplaintImageMissing));
    const plain = await call(ana, MachinePath.complaintImageUpload, {});
    expect(plain.body).toEqual(refused(ErrorCode.ComplaintImageMissing));
  });

  it('serves an image to its owner only, with nosniff', async () => {
    const url = await uploadUrl(ana);
    const own = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(ana)}` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('png');
    const foreign = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(bruno)}` });
    const missing = await t.app.inject({ method: 'GET', url: `${url.replace(/[a-f0-9]{32}/, '0'.repeat(32))}?${sessionQuery(bruno)}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
