import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../db/client';
import type { ProductRow } from './product-repository';
import { RememberedProducts } from './remembered-products';

const reads = vi.hoisted(() => ({ count: 0, name: 'Cash 30', during: undefined as (() => void) | undefined }));

vi.mock('./product-repository', () => ({
  findProduct: async (_db: Queryable, id: number) => {
    reads.count += 1;
    reads.during?.();
    return { id, name: reads.name } as unknown as ProductRow;
  },
}));

const db = {} as Queryable;

describe('remembered products', () => {
  beforeEach(() => {
    reads.count = 0;
    reads.name = 'Cash 30';
    reads.during = undefined;
  });

  it('reads a product once while notices are received, and again after a notice of it', async () => {
    const products = new RememberedProducts();
    products.listening(true);
    await products.productById(db, 2);
    await products.productById(db, 2);
    expect(reads.count).toBe(1);
    products.notice('order:2');
    await products.productById(db, 2);
    expect(reads.count).toBe(1);
    reads.name = 'Cash 45';
    products.notice('product:2');
    expect((await products.productById(db, 2))?.name).toBe('Cash 45');
    expect(reads.count).toBe(2);
    products.notice('all');
    await products.productById(db, 2);
    expect(reads.count).toBe(3);
  });

  it('reads every time while notices are not received', async () => {
    const products = new RememberedProducts();
    await products.productById(db, 2);
    await products.productById(db, 2);
    expect(reads.count).toBe(2);
    products.listening(true);
    await products.productById(db, 2);
    products.listening(false);
    await products.productById(db, 2);
    expect(reads.count).toBe(4);
  });

  it('does not remember a read that a notice of a product overtook', async () => {
    const products = new RememberedProducts();
    products.listening(true);
    reads.during = () => products.notice('product:2');
    await products.productById(db, 2);
    reads.during = undefined;
    await products.productById(db, 2);
    expect(reads.count).toBe(2);
  });
});
