import type { Db } from '../client.ts';

/** The demo factory (filled in by the demo-data work). */
export async function seedDemo(_db: Db) {}
