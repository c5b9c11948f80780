import { type ComponentType, lazy } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@eqms/contract';

/**
 * A lazy route chunk that fails after CHUNK_LOAD_TIMEOUT_MS (SPEC §9) instead of spinning forever on a dead
 * network, so the router's error element (the 500 page) can offer a retry.
 */
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          (e) => {
            clearTimeout(timer);
            reject(e);
          },
        );
      }),
  );
}
