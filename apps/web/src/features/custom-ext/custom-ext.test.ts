import type { CustomField } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { camelOf, dataOf, parseParams, valuesOf } from './custom-ext.queries.ts';
import { moveField } from './pages/CustomExtPage.tsx';

const f = (id: number, sequence: number): CustomField =>
  ({ id, sequence, table: 'users', field: `f${id}`, display: `F${id}`, type: 'other', data: null }) as CustomField;

describe('custom field order', () => {
  const fields = [f(7, 3), f(2, 5), f(9, 10)];
  it('moving a field swaps it with its neighbour and renumbers all from 1', () => {
    expect(moveField(fields, 9, -1)).toEqual([
      { id: 7, sequence: 1 },
      { id: 9, sequence: 2 },
      { id: 2, sequence: 3 },
    ]);
    expect(moveField(fields, 7, 1)).toEqual([
      { id: 2, sequence: 1 },
      { id: 7, sequence: 2 },
      { id: 9, sequence: 3 },
    ]);
  });
  it('the first cannot go up, the last cannot go down', () => {
    expect(moveField(fields, 7, -1)).toBeNull();
    expect(moveField(fields, 9, 1)).toBeNull();
    expect(moveField(fields, 404, 1)).toBeNull();
  });
});

describe('list data of the dialog', () => {
  it('params are key=value lines; blank lines are skipped, a line without a key is refused', () => {
    expect(parseParams('type=LINE\n\n  depth = 2 \nq=a=b')).toEqual({ type: 'LINE', depth: '2', q: 'a=b' });
    expect(parseParams(undefined)).toEqual({});
    expect(parseParams('type')).toBeNull();
    expect(parseParams('=x')).toBeNull();
  });

  it('sends only the chosen source, trimmed; free text has no data', () => {
    const data = {
      category: 'SHIFT',
      service: { path: ' /location/locations ', function: ' ', labelKey: 'name', valueKey: 'id', params: 'type=LINE' },
      items: [{ value: ' A ', label: '우수' }],
    };
    expect(dataOf({ field: 'x', display: 'X', type: 'list', source: 'category', data })).toEqual({ category: 'SHIFT' });
    expect(dataOf({ field: 'x', display: 'X', type: 'list', source: 'service', data })).toEqual({
      service: { path: '/location/locations', params: { type: 'LINE' }, labelKey: 'name', valueKey: 'id' },
    });
    expect(dataOf({ field: 'x', display: 'X', type: 'list', source: 'items', data })).toEqual({
      items: [{ value: 'A', label: '우수' }],
    });
    expect(dataOf({ field: 'x', display: 'X', type: 'other', source: 'items', data })).toBeNull();
  });

  it('a saved service field comes back into the dialog with its params as lines', () => {
    const saved = {
      ...f(1, 1),
      type: 'list',
      data: { service: { path: '/p', params: { a: '1', b: '2' }, labelKey: 'n', valueKey: 'v' } },
    } as CustomField;
    const v = valuesOf(saved);
    expect(v.source).toBe('service');
    expect(v.data?.service?.params).toBe('a=1\nb=2');
    expect(dataOf(v)).toEqual(saved.data);
  });

  it('real columns are reserved in their camelCase API form too', () => {
    expect(camelOf('user_id')).toBe('userId');
    expect(camelOf('created_at')).toBe('createdAt');
    expect(camelOf('ext')).toBe('ext');
  });
});
