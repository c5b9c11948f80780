// Typecheck-level proof (run by `npm run typecheck`, never executed): the binder rejects a handler map that is
// incomplete or returns the wrong shape, and gives handlers the endpoint's request types. Each `@ts-expect-error`
// fails the typecheck if the line below it stops being an error.
import { productEndpoints } from '@eqms/contract';
import type { App } from './context.ts';
import { bindEndpoints, type Handlers } from './endpoints.ts';

declare const app: App;
declare const handlers: Handlers<typeof productEndpoints>;

export function proofs() {
  // A handler returning the wrong shape (a product without its fields).
  // @ts-expect-error data must be a product
  bindEndpoints(app, productEndpoints, { ...handlers, get: async () => ({ data: { id: 1 } }) });

  // A handler returning no envelope.
  // @ts-expect-error the response is { data }
  bindEndpoints(app, productEndpoints, { ...handlers, remove: async () => ({ ok: true }) });

  // A missing handler.
  const { list: _omitted, ...incomplete } = handlers;
  // @ts-expect-error `list` has no handler
  bindEndpoints(app, productEndpoints, incomplete);

  // An extra handler for an endpoint the contract does not define.
  // @ts-expect-error `archive` is not an endpoint of the group
  bindEndpoints(app, productEndpoints, { ...handlers, archive: async () => ({ data: null }) });

  // Request types come from the endpoint: params.id is a number, query.name a string.
  bindEndpoints(app, productEndpoints, {
    ...handlers,
    get: async (req) => {
      // @ts-expect-error id is a number
      const text: string = req.params.id;
      return handlers.get(req as never, null as never).then((r) => (text ? r : r));
    },
    byName: async (req) => {
      // @ts-expect-error the query has no `code`
      void req.query.code;
      return { data: [] };
    },
  });
}
