import { afterEach, describe, expect, it } from 'vitest';
import { migrationTags, plainDatabase, statements } from './migration-helpers';

const BY_MARKET = '0042_lender_facts_by_market';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

describe('the lender facts by market migration (docs/decisions/230)', () => {
  it("makes the one row Mexico's and starts India from a copy, the complaints officer from the lender's own contacts", async () => {
    const database = await plainDatabase();
    close = database.close;
    const tags = migrationTags;
    const at = tags.indexOf(BY_MARKET);
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) for (const statement of statements(tag)) await database.run(statement);
    await database.run(`insert into company_facts (id, name, email, address, cin, nbfc_number, site, phone)
      values (1, 'Lender', 'hi@lender.example', 'Main street 1', 'C1', 'N1', 'https://lender.example', '+52 55 1234 5678')`);
    await database.run(`insert into service_contacts (id, whatsapp, telephone, email) values (1, '+52 1', '+52 2', 'help@lender.example')`);

    for (const statement of statements(BY_MARKET)) await database.run(statement);

    const facts = await database.run('select market, name, complaints_officer, complaints_email, complaints_phone, complaints_address from company_facts order by market');
    expect(facts).toEqual([
      { market: 'IN', name: 'Lender', complaints_officer: 'Lender', complaints_email: 'hi@lender.example', complaints_phone: '+52 55 1234 5678', complaints_address: 'Main street 1' },
      { market: 'MX', name: 'Lender', complaints_officer: 'Lender', complaints_email: 'hi@lender.example', complaints_phone: '+52 55 1234 5678', complaints_address: 'Main street 1' },
    ]);
    expect(await database.run('select market, whatsapp from service_contacts order by market')).toEqual([
      { market: 'IN', whatsapp: '+52 1' },
      { market: 'MX', whatsapp: '+52 1' },
    ]);
    // One row per market, and no market the product does not serve.
    await expect(database.run(`insert into service_contacts (market, whatsapp, telephone, email) values ('MX', 'a', 'b', 'c')`)).rejects.toThrow();
    await expect(database.run(`insert into service_contacts (market, whatsapp, telephone, email) values ('BR', 'a', 'b', 'c')`)).rejects.toThrow();
  });

  it('leaves a database that never had facts without any', async () => {
    const database = await plainDatabase();
    close = database.close;
    const tags = migrationTags;
    for (const tag of tags.slice(0, tags.indexOf(BY_MARKET) + 1)) for (const statement of statements(tag)) await database.run(statement);
    expect(await database.run('select market from company_facts')).toEqual([]);
    expect(await database.run('select market from service_contacts')).toEqual([]);
  });
});
