// Typecheck-level proof (run by `npm run typecheck`, never executed): a call's arguments and answer come from
// the contract endpoint. Each `@ts-expect-error` fails the typecheck if the line below it stops being an error.
import { productEndpoints as ep, type Product } from '@eqms/contract';
import { call, callPage } from './http.ts';

export async function proofs() {
  // @ts-expect-error a product's id is required
  await call(ep.get);
  // @ts-expect-error the path parameter is `id`
  await call(ep.get, { params: { productId: 1 } });
  // @ts-expect-error create takes a body
  await call(ep.create, {});
  // @ts-expect-error the body's code is a string
  await call(ep.create, { body: { code: 1, name: 'n', type: 't', unit: 'EA' } });
  // @ts-expect-error the list has no `sort` filter
  await callPage(ep.list, { query: { sort: 'code' } });

  const product: Product = await call(ep.get, { params: { id: 1 } });
  // @ts-expect-error the answer is a product, not a list
  const list: Product[] = await call(ep.get, { params: { id: 1 } });
  const page = await callPage(ep.list, { query: { page: 1, size: 20 } });
  const total: number = page.total;
  return [product, list, total];
}
