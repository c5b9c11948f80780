import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ServerProcess } from './server-process.ts';
import { embeddedPaths } from '../db/embedded.ts';

// Issue 11 (db/crash-*.test.ts): the embedded PostgreSQL keeps every acknowledged write through kills of the app and of PostgreSQL
// itself, and the app needs no help to come back. Writes are code categories made through the API; a write is
// acknowledged when its 2xx answer arrived.

export const ROUNDS = 30;

export const api = (server: ServerProcess) => `http://127.0.0.1:${server.port}/api`;

export async function login(server: ServerProcess): Promise<string> {
  const res = await fetch(`${api(server)}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'admin', password: 'admin1234' }),
  });
  expect(res.status).toBe(200);
  return String(res.headers.get('authorization')).replace('Bearer ', '');
}

/**
 * Writers that make categories until told to stop; each name is recorded once its 2xx answer arrived, and each refused
 * or failed write is told to onFailure (for a failure message).
 */
export function writeUntil(
  server: ServerProcess,
  token: string,
  prefix: string,
  acknowledged: Set<string>,
  onFailure: (what: string) => void = () => {},
) {
  let running = true;
  let n = 0;
  const writer = async () => {
    while (running) {
      const category = `${prefix}_${n++}`;
      try {
        const res = await fetch(`${api(server)}/code/cateogry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ category, name: category }),
          signal: AbortSignal.timeout(5000),
        });
        if (res.ok) acknowledged.add(category);
        else {
          onFailure(`${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      } catch (e) {
        onFailure(String(e));
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const done = Promise.all([writer(), writer(), writer()]);
  return async () => {
    running = false;
    await done;
  };
}

export async function categories(server: ServerProcess, token: string): Promise<Set<string>> {
  const res = await fetch(`${api(server)}/code/categories`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { category: string }[] };
  return new Set(body.data.map((c) => c.category));
}

/** The end of PostgreSQL's own logs, for a failure's message. */
export const pgLog = (dir: string) => {
  const logs = path.join(embeddedPaths(dir).pgdata, 'log');
  const all = [embeddedPaths(dir).log, ...readdirSync(logs).map((f) => path.join(logs, f))];
  return all.map((f) => `${f}:\n${readFileSync(f, 'utf8').split('\n').slice(-15).join('\n')}`).join('\n');
};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const missing = (acknowledged: Set<string>, present: Set<string>) =>
  [...acknowledged].filter((c) => !present.has(c));
