import { conflict } from '../../platform/errors.ts';
import type { Actor } from '../../platform/tx.ts';

// The life of a signed HACCP record, shared by CCP monitoring, the sanitation check list and the visual inspection: DRAFT (edited) → SIGNED
// by its operator (PERFORMED) → REVIEWED by another user; a signed record is corrected only by an amendment. Each
// check throws the 409 of the rule; the callers hold the record row locked (FOR UPDATE).
type RecordState = { status: string; operatorId: number };

/** Signed and reviewed records are locked: 409 with the rule (modify, delete). */
export function assertDraft(status: string): void {
  if (status === 'REVIEWED') throw conflict('haccpReviewed');
  if (status === 'SIGNED') throw conflict('haccpSignedLocked');
}

/** Only a DRAFT, and only by its operator. */
export function assertSignable(r: RecordState, actor: Actor): void {
  if (r.status !== 'DRAFT') throw conflict('haccpAlreadySigned');
  if (r.operatorId !== actor.id) throw conflict('haccpSignOwn');
}

/** Never by the operator, only a SIGNED record, once. */
export function assertReviewable(r: RecordState, actor: Actor): void {
  if (r.operatorId === actor.id) throw conflict('haccpSelfReview');
  if (r.status === 'DRAFT') throw conflict('haccpNotSigned');
  if (r.status === 'REVIEWED') throw conflict('haccpAlreadyReviewed');
}

/** A DRAFT is edited, not amended; a record is amended once (amend the latest amendment). */
export function assertAmendable(status: string, amendedById: number | null | undefined): void {
  if (status === 'DRAFT') throw conflict('haccpAmendDraft');
  if (amendedById != null) throw conflict('haccpAlreadyAmended', { amendedById });
}
