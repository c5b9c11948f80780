import type { HaccpRecordKind, Signature, SignatureMeaning } from '@eqms/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { intArray } from '../../db/int-array.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/auth/password.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { Actor } from '../../platform/tx.ts';
import { LoginThrottle } from '../auth/login-throttle.ts';
import { users } from '../user/user.table.ts';
import { haccpSignatures } from './haccp.table.ts';

// The shared signature part of the HACCP records (CCP monitoring now; the sanitation check list and visual inspection
// use the same rows): a signature is made by re-entering one's password on the server. A wrong password is counted
// like a failed login of that account (auth's LoginThrottle, in the database): after five, the account — login and
// signing alike — waits 30 s, then longer. The password is never stored or logged.

/** Checks the signer's password (outside any transaction: scrypt takes a while). Throws 400 on the field `password`. */
export async function verifySigner(db: Db, actor: Actor, password: string): Promise<void> {
  const throttle = new LoginThrottle(db);
  const verdict = await throttle.attempt(actor.userId);
  if (!verdict.allowed)
    throw new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many wrong passwords. Sign again in ${verdict.retryAfterS} seconds.`,
      {
        retryAfter: verdict.retryAfterS,
      },
    );
  const [row] = await db
    .select({ hash: users.passwordHash, enabled: users.enabled })
    .from(users)
    .where(eq(users.id, actor.id));
  const ok = await verifyPassword(password, row?.hash ?? DUMMY_HASH);
  if (!row || !ok || !row.enabled) throw invalidField('password', 'haccpSignPassword');
  await throttle.succeed(actor.userId);
}

/** Adds a signature row in the record's transaction (the caller has checked the password and the rules). */
export async function addSignature(
  tx: Tx,
  actor: Actor,
  kind: HaccpRecordKind,
  recordId: number,
  meaning: SignatureMeaning,
  reason: string | null = null,
): Promise<void> {
  await tx.insert(haccpSignatures).values({
    recordKind: kind,
    recordId,
    meaning,
    signerId: actor.id,
    signerUserId: actor.userId,
    signerName: actor.username,
    reason,
  });
}

/** The signatures of records of one kind, by record id, oldest first. */
export async function signaturesOf(
  db: Executor,
  kind: HaccpRecordKind,
  ids: number[],
): Promise<Map<number, Signature[]>> {
  const out = new Map<number, Signature[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(haccpSignatures)
    .where(
      // One array parameter, not one per id: a week's CCP list at demo scale × 50 asks for 3,300 records' signatures.
      and(eq(haccpSignatures.recordKind, kind), sql`${haccpSignatures.recordId} = any(${intArray(ids)})`),
    )
    .orderBy(asc(haccpSignatures.signedAt), asc(haccpSignatures.id));
  for (const r of rows) {
    const list = out.get(r.recordId) ?? [];
    list.push({
      id: r.id,
      meaning: r.meaning as SignatureMeaning,
      userId: r.signerUserId,
      username: r.signerName,
      signedAt: r.signedAt.toISOString(),
      reason: r.reason,
    });
    out.set(r.recordId, list);
  }
  return out;
}
