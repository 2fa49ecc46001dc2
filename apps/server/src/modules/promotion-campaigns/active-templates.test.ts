import { PromotionCode } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { ActiveTemplates } from './active-templates';
import type { TemplateRow } from './template-repository';

/** Template reads answered from `rows`, each id read kept in `reads`. */
function templateReads(rows: Map<number, { id: number; active: boolean }>) {
  const reads: number[] = [];
  const read = async (id: number) => {
    reads.push(id);
    return rows.get(id) as TemplateRow | undefined;
  };
  return { read, reads };
}

const active = (id: number) => ({ id, active: true });

describe('ActiveTemplates', () => {
  it('reads a template once within its age, again after it', async () => {
    let clock = 0;
    const { read, reads } = templateReads(new Map([[1, active(1)]]));
    const templates = new ActiveTemplates(read, { maxTemplates: 10, maxAgeMs: 1_000 }, () => clock);
    expect((await templates.get(1)).id).toBe(1);
    clock = 1_000;
    await templates.get(1);
    expect(reads).toEqual([1]);
    clock = 1_001;
    await templates.get(1);
    expect(reads).toEqual([1, 1]);
  });

  it('refuses an unknown or inactive template with 108 and asks again next time', async () => {
    const rows = new Map([[2, { id: 2, active: false }]]);
    const { read, reads } = templateReads(rows);
    const templates = new ActiveTemplates(read, { maxTemplates: 10, maxAgeMs: 1_000 }, () => 0);
    await expect(templates.get(7)).rejects.toMatchObject({ code: PromotionCode.TemplateNotFound });
    await expect(templates.get(2)).rejects.toMatchObject({ code: PromotionCode.TemplateNotFound });
    rows.set(7, active(7));
    expect((await templates.get(7)).id).toBe(7);
    expect(reads).toEqual([7, 2, 7]);
  });

  it('finds an ended template too, for the market of a visitor who came while it ran, without remembering it', async () => {
    const { read, reads } = templateReads(new Map([[3, { id: 3, active: false }], [4, active(4)]]));
    const templates = new ActiveTemplates(read, { maxTemplates: 10, maxAgeMs: 1_000 }, () => 0);
    expect(await templates.find(3)).toMatchObject({ id: 3, active: false });
    expect(await templates.find(3)).toMatchObject({ id: 3 });
    expect(await templates.find(9)).toBeUndefined();
    expect(await templates.find(4)).toMatchObject({ id: 4 });
    await templates.get(4);
    expect(reads).toEqual([3, 3, 9, 4]);
  });

  it('forgets the longest remembered template past its bound', async () => {
    const { read, reads } = templateReads(new Map([1, 2, 3].map((id) => [id, active(id)])));
    const templates = new ActiveTemplates(read, { maxTemplates: 2, maxAgeMs: 1_000 }, () => 0);
    for (const id of [1, 2, 3, 2, 3, 1]) await templates.get(id);
    expect(reads).toEqual([1, 2, 3, 1]);
  });

  it('reads a forgotten template again within its age, and refuses it once ended', async () => {
    const rows = new Map([[4, active(4)], [5, active(5)]]);
    const { read, reads } = templateReads(rows);
    const templates = new ActiveTemplates(read, { maxTemplates: 10, maxAgeMs: 1_000 }, () => 0);
    await templates.get(4);
    await templates.get(5);
    rows.set(4, { id: 4, active: false });
    templates.forget(4);
    templates.forget(9);
    await expect(templates.get(4)).rejects.toMatchObject({ code: PromotionCode.TemplateNotFound });
    await templates.get(5);
    expect(reads).toEqual([4, 5, 4]);
  });
});
