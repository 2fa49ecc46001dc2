import { afterEach, describe, expect, it } from 'vitest';
import { migrationSettingsOf } from '../src/config';
import { migrationsBefore, plainDatabase, statements } from './migration-helpers';

const TEMPLATE_MARKET = '0044_promotion_template_market';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

/** A database at the migration before, holding two templates, migrated with the session's settings. */
async function migratedTemplates(settings: Record<string, string>): Promise<Record<string, unknown>[]> {
  const database = await plainDatabase();
  close = database.close;
  for (const tag of migrationsBefore(TEMPLATE_MARKET)) for (const statement of statements(tag)) await database.run(statement);
  await database.run(`insert into promo_templates (name, content, banner_url, colours, download_links, terms_url) values
    ('Spring', '{}', '/media/promo/banner.svg', '{}', '{}', '/User'), ('Autumn', '{}', '/media/promo/banner.svg', '{}', '{}', '/User')`);
  for (const [name, value] of Object.entries(settings)) await database.run(`select set_config('${name}', '${value}', false)`);
  for (const statement of statements(TEMPLATE_MARKET)) await database.run(statement);
  return database.run('select name, market from promo_templates order by id');
}

describe('the promotion template market migration (docs/decisions/232)', () => {
  it('gives the existing templates the PROMOTION_MARKET the server migrating them is configured with', async () => {
    expect(await migratedTemplates(migrationSettingsOf({ promotionMarket: 'IN' }))).toEqual([
      { name: 'Spring', market: 'IN' },
      { name: 'Autumn', market: 'IN' },
    ]);
  });

  it('gives them Mexico, the default market, when nothing configured one', async () => {
    expect(await migratedTemplates({})).toEqual([
      { name: 'Spring', market: 'MX' },
      { name: 'Autumn', market: 'MX' },
    ]);
  });
});
