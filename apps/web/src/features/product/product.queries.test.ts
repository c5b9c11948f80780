import { DESIGN_IMAGE_MAX_BYTES } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { designImageProblem, exportQuery } from './product.queries.ts';

describe('designImageProblem (the browser-side check of a chosen design image)', () => {
  it('accepts png, jpeg, gif and webp up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(designImageProblem({ type, size: DESIGN_IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types (onlyImages) and larger files (fileSize)', () => {
    expect(designImageProblem({ type: 'application/pdf', size: 10 })).toBe('onlyImages');
    expect(designImageProblem({ type: 'image/svg+xml', size: 10 })).toBe('onlyImages');
    expect(designImageProblem({ type: '', size: 10 })).toBe('onlyImages');
    expect(designImageProblem({ type: 'image/png', size: DESIGN_IMAGE_MAX_BYTES + 1 })).toBe('fileSize');
  });
});

describe('exportQuery', () => {
  it('carries the filters without paging', () => {
    expect(exportQuery({ page: 3, size: 20 })).toEqual({ q: undefined, type: undefined });
    expect(exportQuery({ page: 3, size: 20, q: '브래킷 A', type: 'SEMI' })).toEqual({ q: '브래킷 A', type: 'SEMI' });
  });
});
