// Cross-module rules (ARCHITECTURE §3): one typed seam instead of a mutable global per rule. The LOWER module (the
// one that asks) defines the question as a function type and the answer when nobody provides one:
//
//   export const bomStockProvider = defineProvider<BomStockSource>('bom.stock', async () => null);
//
// the HIGHER module (the one that knows, e.g. material stock) registers its implementation in the module list
// (its entry in the module list: `provides: [provide(bomStockProvider, materialStockOf)]`), app.ts builds one registry
// per app from that list, and the lower module asks `providers.get(bomStockProvider)(tx, ids)` — the registered
// answer or the fallback.
// No module-level state, no import side effects: a registry is a value passed to whoever asks.

type AnyFn = (...args: any[]) => any;

/** A question one module asks and another may answer: a name (for messages) and the answer when nobody does. */
export type Provider<F extends AnyFn> = { readonly key: string; readonly fallback: F };

export function defineProvider<F extends AnyFn>(key: string, fallback: F): Provider<F> {
  return Object.freeze({ key, fallback });
}

/** One answer, as the module list holds it; `provide` checks that the implementation fits the question. */
export type ProviderRegistration = { readonly provider: Provider<AnyFn>; readonly impl: AnyFn };

export function provide<F extends AnyFn>(provider: Provider<F>, impl: NoInfer<F>): ProviderRegistration {
  return { provider, impl };
}

export type Providers = {
  /** The registered answer, or the question's fallback when nobody provides one. */
  get<F extends AnyFn>(provider: Provider<F>): F;
  /** Whether a module provides the answer (rarely needed: the fallback is the documented answer). */
  has(provider: Provider<AnyFn>): boolean;
  /**
   * Registers an answer after start-up (tests): replaces the current one and returns the function that puts the
   * previous one back (undo in reverse order).
   */
  register<F extends AnyFn>(provider: Provider<F>, impl: NoInfer<F>): () => void;
  /** Removes any registered answer: the fallback answers again. */
  unregister(provider: Provider<AnyFn>): void;
};

/** The app's registry (built once per app from the module list); a question answered twice is a start-up error. */
export function createProviders(registrations: readonly ProviderRegistration[] = []): Providers {
  const impls = new Map<Provider<AnyFn>, AnyFn>();
  for (const r of registrations) {
    if (impls.has(r.provider)) throw new Error(`Provider '${r.provider.key}' is registered twice.`);
    impls.set(r.provider, r.impl);
  }
  return {
    get: <F extends AnyFn>(provider: Provider<F>) => (impls.get(provider) ?? provider.fallback) as F,
    has: (provider) => impls.has(provider),
    register(provider, impl) {
      const previous = impls.get(provider);
      impls.set(provider, impl);
      return () => {
        if (impls.get(provider) !== impl) return;
        if (previous) impls.set(provider, previous);
        else impls.delete(provider);
      };
    },
    unregister: (provider) => {
      impls.delete(provider);
    },
  };
}
