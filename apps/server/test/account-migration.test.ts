import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, plainDatabase, statements } from './migration-helpers';

const ACCOUNTS = '0012_borrower_accounts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

describe('the borrower accounts migration', () => {
  it('turns stored ten digits into E.164 with the market of the borrower’s orders, Mexico without orders', async () => {
    const database = await plainDatabase();
    close = database.close;
    for (const tag of migrationsBefore(ACCOUNTS)) for (const statement of statements(tag)) await database.run(statement);

    await database.run(`insert into borrowers (phone, name) values
      ('5512345678', 'Mexican, no orders'), ('9876543210', 'Indian, one order'), ('919812345678', 'old prefixed form'),
      ('525511112222', 'prefixed duplicate'), ('5511112222', 'ten digits of the same person')`);
    await database.run(`insert into products (code, name, logo_url, market, pricing) values ('rupee', 'Rupee', '/r.svg', 'IN', '{}')`);
    await database.run(`insert into loan_orders (order_no, borrower_id, product_id, status_code, principal_minor, disbursal_minor, commission_minor,
      interest_minor, tax_minor, total_repayable_minor, term_days, periods)
      select 'A1', b.id, p.id, 21, 100000, 90000, 10000, 5000, 800, 105800, 91, 1 from borrowers b, products p where b.phone = '9876543210'`);
    await database.run(`insert into sessions (id_hash, borrower_id, expires_at, created_at)
      select repeat('a', 64), id, now() + interval '1 day', now() - interval '2 days' from borrowers where phone = '5512345678'`);

    for (const statement of statements(ACCOUNTS)) await database.run(statement);

    const rows = await database.run('select name, phone, market from borrowers order by id');
    expect(rows).toEqual([
      { name: 'Mexican, no orders', phone: '+525512345678', market: 'MX' },
      { name: 'Indian, one order', phone: '+919876543210', market: 'IN' },
      { name: 'old prefixed form', phone: '+919812345678', market: 'IN' },
      // The same person already stored by their ten digits keeps that row; this one is left for the operator.
      { name: 'prefixed duplicate', phone: '525511112222', market: 'MX' },
      { name: 'ten digits of the same person', phone: '+525511112222', market: 'MX' },
    ]);
    const [session] = await database.run('select (last_used_at = created_at) as same, length(public_id::text) as id_length from sessions');
    expect(session).toEqual({ same: true, id_length: 36 });
  });
});
