import type { LocationTreeNode, LocationType } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../app/store.ts';
import { registerLocales } from '../../i18n/index.ts';
import { LocationFormDialog } from './components/LocationFormDialog.tsx';
import en from './locales/en.json';
import kr from './locales/kr.json';
import { allowedParents, typeOptionsFor } from './location.queries.ts';

registerLocales('location', { kr, en });

const node = (
  id: number,
  type: LocationType,
  children: LocationTreeNode[] = [],
  parentId: number | null = null,
): LocationTreeNode => ({
  id,
  name: `${type.toLowerCase()}-${id}`,
  code: null,
  type,
  parentId,
  sort: 0,
  description: null,
  children,
});

afterEach(cleanup);

describe('type options per parent (SPEC §5 placement)', () => {
  it.each([
    [null, ['SITE']],
    ['SITE', ['FACTORY']],
    ['FACTORY', ['LINE', 'WAREHOUSE']],
    ['LINE', []],
    ['WAREHOUSE', ['SHELF']],
    ['SHELF', []],
  ] as const)('under %s: %j', (parent, types) => {
    expect(typeOptionsFor(parent)).toEqual(types);
  });

  it('an edited node keeps only types that can still hold its children', () => {
    expect(typeOptionsFor('FACTORY', ['SHELF'])).toEqual(['WAREHOUSE']);
    expect(typeOptionsFor('FACTORY', [])).toEqual(['LINE', 'WAREHOUSE']);
  });

  it('a shelf may move only under a warehouse, never under a line', () => {
    const shelf = node(5, 'SHELF', [], 4);
    const tree = [
      node(1, 'SITE', [node(2, 'FACTORY', [node(3, 'LINE'), node(4, 'WAREHOUSE', [shelf]), node(6, 'WAREHOUSE')])]),
    ];
    expect(allowedParents(tree, shelf).map((n) => n.id)).toEqual([4, 6]);
  });
});

describe('location form dialog', () => {
  const open = async (parent: LocationTreeNode | null) => {
    useAppStore.setState({ locale: 'en' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LocationFormDialog mode={{ kind: 'create', parent }} onClose={() => undefined} onSaved={() => undefined} />
      </QueryClientProvider>,
    );
    const select = await screen.findByTestId('location-form-type');
    fireEvent.mouseDown(
      select.closest('.ant-select')?.querySelector('.ant-select-selector, .ant-select-content, input') ?? select,
    );
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull());
    return [...document.querySelectorAll('.ant-select-item-option [data-testid^="location-type-"]')].map((el) =>
      el.getAttribute('data-testid')?.replace('location-type-', ''),
    );
  };

  it('offers a line or a warehouse under a factory, and no shelf', async () => {
    const options = await open(node(2, 'FACTORY'));
    expect(options).toEqual(['LINE', 'WAREHOUSE']);
  });

  it('offers only a shelf under a warehouse', async () => {
    expect(await open(node(4, 'WAREHOUSE'))).toEqual(['SHELF']);
  });

  it('offers only a site at the top level', async () => {
    expect(await open(null)).toEqual(['SITE']);
  });
});
