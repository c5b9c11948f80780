import { describe, expect, it } from 'vitest';
import { createProviders, defineProvider, provide } from './providers.ts';

// A lower module's question and its answer when nobody provides one …
type StockOf = (ids: number[]) => Promise<Map<number, number> | null>;
const stockOf = defineProvider<StockOf>('test.stock', async () => null);
// … and a second question, to see that answers do not mix.
const greeting = defineProvider<(name: string) => string>('test.greeting', (name) => `hello ${name}`);

describe('providers', () => {
  it('answers with the fallback when nobody provides the answer', async () => {
    const providers = createProviders();
    expect(providers.has(stockOf)).toBe(false);
    expect(await providers.get(stockOf)([1, 2])).toBeNull();
    expect(providers.get(greeting)('kim')).toBe('hello kim');
  });

  it('answers with the implementation registered in the module list', async () => {
    const providers = createProviders([provide(stockOf, async (ids) => new Map(ids.map((id) => [id, id * 10])))]);
    expect(providers.has(stockOf)).toBe(true);
    expect(await providers.get(stockOf)([1, 2])).toEqual(
      new Map([
        [1, 10],
        [2, 20],
      ]),
    );
    // The other question still gets its fallback.
    expect(providers.has(greeting)).toBe(false);
    expect(providers.get(greeting)('lee')).toBe('hello lee');
  });

  it('keeps registries apart: one per app, no shared state', async () => {
    const a = createProviders([provide(greeting, (name) => `A ${name}`)]);
    const b = createProviders();
    expect(a.get(greeting)('x')).toBe('A x');
    expect(b.get(greeting)('x')).toBe('hello x');
  });

  it('refuses a question answered twice in the module list', () => {
    expect(() => createProviders([provide(greeting, (n) => n), provide(greeting, (n) => n)])).toThrow(
      "Provider 'test.greeting' is registered twice.",
    );
  });

  it('registers after start-up (tests): replaces, and undoing puts the previous answer back', () => {
    const providers = createProviders([provide(greeting, (name) => `list ${name}`)]);
    const undo = providers.register(greeting, (name) => `test ${name}`);
    expect(providers.get(greeting)('x')).toBe('test x');
    undo();
    expect(providers.get(greeting)('x')).toBe('list x');
    providers.unregister(greeting);
    expect(providers.has(greeting)).toBe(false);
    expect(providers.get(greeting)('x')).toBe('hello x');
  });

  it('is typed: an implementation must fit the question', () => {
    // @ts-expect-error the answer to a greeting is a string, not a number
    provide(greeting, (name: string) => name.length);
    // @ts-expect-error the stock question takes ids
    createProviders().register(stockOf, async (name: string) => new Map([[name.length, 1]]));
    expect(true).toBe(true);
  });
});
