// Typecheck-level proof (run by `npm run typecheck`, never executed): a master declaration is typed from its
// contract endpoint group. Each `@ts-expect-error` fails the typecheck if the line below it stops being an error.
import { type Material, materialEndpoints, productEndpoints } from '@eqms/contract';
import type { MasterFieldsProps } from './master-def.ts';
import { defineMaster } from './master-def.ts';

const Fields = (_: MasterFieldsProps<{ id: number }>) => null;
const base = { name: 'proof', locales: { kr: {}, en: {} }, menu: 'productInfo', table: 'products' } as const;

export const proofs = [
  defineMaster({
    ...base,
    endpoints: productEndpoints,
    // @ts-expect-error a column that is not a product field needs `text` or `render`
    columns: () => [{ key: 'routeNme', width: 100 }],
    form: { Fields },
  }),
  defineMaster({
    ...base,
    endpoints: productEndpoints,
    columns: () => [{ key: 'route', text: (p) => p.routeName }],
    // @ts-expect-error a product's lot quantity is a number
    form: { Fields, defaults: { lotQty: 'ten' } },
  }),
  defineMaster({
    ...base,
    endpoints: productEndpoints,
    columns: () => [],
    // @ts-expect-error the barcode look-up of a product master answers a product
    barcode: { find: async (_code: string): Promise<Material> => ({}) as Material },
    form: { Fields },
  }),
  defineMaster({
    ...base,
    endpoints: materialEndpoints,
    // @ts-expect-error a material has no route
    columns: () => [{ key: 'route', text: (m) => m.routeName }],
    form: { Fields },
  }),
];
