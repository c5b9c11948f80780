import { type SQL, sql } from 'drizzle-orm';

/**
 * Integers as one `int[]` parameter in the array's text form. One bind parameter however many ids: a parameter per id
 * (`array[$1, …, $700]`) made the statement longer to send, parse and plan than to run for tracking's 700 order
 * products. Callers pass integers (ids read back from the database or validated by zod).
 */
export const intArray = (ids: Iterable<number>): SQL => sql`${`{${[...ids].join(',')}}`}::int[]`;
