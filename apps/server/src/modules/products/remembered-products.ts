import type { ChangeSubscriber } from '../../db/change-notices';
import type { Queryable } from '../../db/client';
import { findProduct, type ProductRow } from './product-repository';

const PRODUCT_NOTICE = 'product:';

/**
 * Products as this process last read them, trusted while change notices are received and forgotten
 * on a notice of the product (every change to a product is told as `product:<id>`: migration
 * 0013). The borrower's order details read takes its product from here instead of joining a table
 * the products module owns, so a first read still costs one statement for the order and its plan
 * (docs/decisions/210). Without notices every call reads the product.
 */
export class RememberedProducts implements ChangeSubscriber {
  private readonly rows = new Map<number, ProductRow>();
  private on = false;
  /** Moves on each product notice, so a read that a notice overtook is not remembered. */
  private generation = 0;

  notice(payload: string): void {
    if (payload === 'all') {
      this.generation += 1;
      this.rows.clear();
    } else if (payload.startsWith(PRODUCT_NOTICE)) {
      this.generation += 1;
      this.rows.delete(Number(payload.slice(PRODUCT_NOTICE.length)));
    }
  }

  listening(on: boolean): void {
    this.on = on;
    this.generation += 1;
    this.rows.clear();
  }

  /** The product, from memory when a notice would have told of any change since it was read. */
  readonly productById = async (db: Queryable, productId: number): Promise<ProductRow | undefined> => {
    const remembered = this.rows.get(productId);
    if (remembered) return remembered;
    const generation = this.generation;
    const row = await findProduct(db, productId);
    if (row && this.on && generation === this.generation) this.rows.set(productId, row);
    return row;
  };
}
