import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../lib/i18n';
import { backofficeEn } from '../../locales/areas/backoffice.en';
import { backofficeEs } from '../../locales/areas/backoffice.es';
import { currentCursor, firstPage, nextPage, previousPage } from './cursor-pages';
import { ariaSort, DataTable, nextSort, rowKeyDown, type Column, type DataTableProps } from './DataTable';

type Row = { id: string; name: string };
const columns: Column<Row>[] = [
  { id: 'id', header: 'Folio', cell: (row) => row.id },
  { id: 'name', header: 'Name', cell: (row) => row.name, sort: { ascending: 'name', descending: '-name' } },
];
const paging = { pageNumber: 2, hasPrevious: true, hasNext: false, onPrevious: () => undefined, onNext: () => undefined };

function render(props: Partial<DataTableProps<Row>>, language: 'en' | 'es' = 'en') {
  return renderToStaticMarkup(
    <I18nProvider language={language} catalogues={staticCatalogues({ en: backofficeEn, es: backofficeEs })}>
      <DataTable<Row>
        caption="Rows"
        columns={columns}
        rows={[
          { id: 'RC1', name: 'Ana' },
          { id: 'RC2', name: 'Luis' },
        ]}
        rowKey={(row) => row.id}
        rowLabel={(row) => `Open ${row.id}`}
        loading={false}
        error={null}
        paging={paging}
        {...props}
      />
    </I18nProvider>,
  );
}

describe('the data table', () => {
  it('makes every row reachable by Tab and named for a screen reader when rows open', () => {
    const html = render({ onOpen: () => undefined });
    expect(html.match(/<tr[^>]*tabindex="0"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Open RC2"');
    expect(render({}).match(/<tr[^>]*tabindex="0"/g)).toBeNull();
  });

  it('lets the keyboard reach a table that scrolls sideways, named by its caption', () => {
    expect(render({})).toContain('<div class="bo-table__scroll" tabindex="0" role="region" aria-label="Rows">');
  });

  it('offers the server’s orders on sortable columns only, and says which is in force', () => {
    const html = render({ sort: '-name', onSort: () => undefined });
    expect(html).toContain('aria-sort="descending"');
    expect(html).toContain('aria-label="Sort by Name"');
    expect(html.match(/<button[^>]*class="bo-table__sort"/g)).toHaveLength(1);
    expect(ariaSort(columns[1] as Column<unknown>, 'name')).toBe('ascending');
    expect(ariaSort(columns[1] as Column<unknown>, 'due')).toBe('none');
    expect(ariaSort(columns[0] as Column<unknown>, 'name')).toBeUndefined();
  });

  it('asks for ascending first, then the other way', () => {
    const sort = { ascending: 'due', descending: '-due' };
    expect(nextSort(sort, undefined)).toBe('due');
    expect(nextSort(sort, 'created')).toBe('due');
    expect(nextSort(sort, 'due')).toBe('-due');
    expect(nextSort(sort, '-due')).toBe('due');
  });

  it('opens a focused row on Enter or Space, and leaves keys inside the row’s links alone', () => {
    const open = vi.fn();
    const row = {};
    const press = (key: string, target: object = row) => {
      const preventDefault = vi.fn();
      rowKeyDown(open)({ key, preventDefault, target, currentTarget: row });
      return preventDefault;
    };
    expect(press('Enter')).toHaveBeenCalled();
    press(' ');
    expect(open).toHaveBeenCalledTimes(2);
    press('Tab');
    press('Enter', {});
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('says what is happening: loading, nothing found, an error, in the reader’s language', () => {
    expect(render({ rows: null, loading: true })).toContain('Loading…');
    expect(render({ rows: [] })).toContain('Nothing matches.');
    expect(render({ rows: [] }, 'es')).toContain('No hay resultados.');
    expect(render({ error: 'Your role does not allow this action.' })).toContain('Your role does not allow this action.');
    const html = render({});
    expect(html).toContain('Page 2');
    expect(html).toMatch(/<button type="button" disabled="">Next page<\/button>/);
  });
});

describe('the cursor trail of a server-paged list', () => {
  it('goes forward with each page’s next cursor and back through the ones seen', () => {
    let trail = firstPage();
    expect(currentCursor(trail)).toBeUndefined();
    trail = nextPage(trail, 'c2');
    trail = nextPage(trail, 'c3');
    expect(currentCursor(trail)).toBe('c3');
    trail = previousPage(trail);
    expect(currentCursor(trail)).toBe('c2');
    // Forward again from an earlier page forgets the pages after it.
    trail = nextPage(trail, 'c3b');
    expect(trail.cursors).toEqual([undefined, 'c2', 'c3b']);
    expect(nextPage(trail, null)).toBe(trail);
    expect(previousPage(firstPage())).toEqual(firstPage());
  });
});
