import { readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { LoanStatus, MACHINE_BASE, MachinePath } from '@lend/contracts';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintImages } from '../src/db/schema';
import { removeAbandonedUploads } from '../src/modules/complaints';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { createOrder, images, multipartBody } from './factories';
import { complaintCalls } from './complaint-helpers';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let ana: BorrowerSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ana = await openSession(t.app, DEMO_BORROWER.phone);
});
afterAll(async () => t?.close());

const { uploadUrl } = complaintCalls(() => t);
const upload = () => uploadUrl(ana);

const nameOf = (url: string) => url.split('/').pop() ?? '';

async function imageRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(complaintImages);
  return row?.n ?? 0;
}

describe('abandoned uploads', () => {
  it('are removed with their files a day after upload; claimed ones stay', async () => {
    const order = await createOrder(t.database.db, Number(ana.userId), LoanStatus.Due);
    const claimed = await upload();
    const abandoned = await upload();
    const saved = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintSave}?${sessionQuery(ana)}`,
      payload: { problemType: 2, problemSonType: 203, problemDetail: 'Wrong fee', problemImage: claimed, orderNo: order.orderNo },
    });
    expect(saved.json().code).toBe(0);
    expect(await t.storage.list()).toEqual([nameOf(claimed), nameOf(abandoned)].sort());

    const now = Date.now();
    expect(await removeAbandonedUploads(t.database.db, t.storage, new Date(now + 23 * HOUR_MS))).toEqual({ images: 0, partials: 0, orphans: 0 });
    expect(await t.storage.list()).toHaveLength(2);

    expect(await removeAbandonedUploads(t.database.db, t.storage, new Date(now + 25 * HOUR_MS))).toEqual({ images: 1, partials: 0, orphans: 0 });
    expect(await t.storage.list()).toEqual([nameOf(claimed)]);
    const [attached] = await t.database.db.select({ n: count() }).from(complaintImages).where(isNotNull(complaintImages.complaintId));
    expect(await imageRows()).toBe(attached?.n);
    // The removed upload can no longer be claimed.
    const late = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintSave}?${sessionQuery(ana, { language: '1' })}`,
      payload: { problemType: 2, problemSonType: 203, problemDetail: 'Again', problemImage: abandoned, orderNo: order.orderNo },
    });
    expect(late.json().message).toBe('An image was not found. Please upload it again.');
  });
});

describe('stored files without a row', () => {
  /** Moves a stored file's modification time back, as if it had been written `ageMs` ago. */
  const age = (name: string, ageMs: number) => {
    const then = new Date(Date.now() - ageMs);
    utimesSync(join(t.storage.folder, name), then, then);
  };

  it('are removed once older than the limit; younger ones may be uploads in progress', async () => {
    const filesBefore = await t.storage.list();
    // A crash between writing the file and its row.
    await t.storage.put('crashed0123456789abcdef0123456789.png', await images.png());
    age('crashed0123456789abcdef0123456789.png', 25 * HOUR_MS);
    // A row deleted before its file.
    const rowDeleted = nameOf(await upload());
    await t.database.db.delete(complaintImages).where(eq(complaintImages.name, rowDeleted));
    age(rowDeleted, 25 * HOUR_MS);
    // Just written, its row not yet.
    await t.storage.put('inprogress0123456789abcdef012345.png', await images.png());
    age('inprogress0123456789abcdef012345.png', 23 * HOUR_MS);
    // Old, but with its row: an unclaimed upload's own clock decides, not the file's.
    const withRow = nameOf(await upload());
    age(withRow, 25 * HOUR_MS);

    expect(await removeAbandonedUploads(t.database.db, t.storage, new Date())).toEqual({ images: 0, partials: 0, orphans: 2 });
    expect(await t.storage.list()).toEqual([...filesBefore, 'inprogress0123456789abcdef012345.png', withRow].sort());
  });
});

describe('an aborted upload', () => {
  it('leaves no file, partial or whole, and no row', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const filesBefore = readdirSync(t.storage.folder);
    const rowsBefore = await imageRows();
    const picture = await images.png();
    const big = Buffer.concat([picture, Buffer.alloc(3 * 1024 * 1024, 1)]);
    const form = multipartBody('problemImage', 'photo.png', big);

    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${MACHINE_BASE}${MachinePath.complaintImageUpload}?${sessionQuery(ana)} HTTP/1.1\r\n` +
            `Host: 127.0.0.1\r\nContent-Type: ${form.contentType}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
        );
        // Send half of the body, then vanish as a phone losing its signal would.
        socket.write(form.payload.subarray(0, form.payload.length / 2), () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The handler gives up at once instead of waiting forever for the rest of the body.
    const deadline = Date.now() + 5_000;
    while (!t.logs().includes('upload aborted by the client') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(t.logs()).toContain('upload aborted by the client; nothing stored');

    expect(readdirSync(t.storage.folder)).toEqual(filesBefore);
    expect(await imageRows()).toBe(rowsBefore);
    // The server is still fine and takes the next upload.
    expect(await upload()).toMatch(/\.png$/);
  });
});
