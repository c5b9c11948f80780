import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { readMeasurementFile } from '../../modules/measurement-result/measurement-file.ts';
import { saveInTx } from '../../modules/measurement-result/measurement-result.service.ts';
import { lots } from '../../modules/product-stock/product-stock.table.ts';
import { qualityStandards } from '../../modules/quality/quality.table.ts';
import { users } from '../../modules/user/user.table.ts';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// Measurement files of the demo factory (issue 15), after the quality standards (demo-quality.ts): for the first three
// products with final items, a scale's CSV of each item and sample of their latest lots, uploaded by the QC user through
// the module's own reader and save (judged by the server). One file's third sample is over the weight's USL: NG.
// Deterministic: values from the limits and fixed offsets.

export type DemoMeasurementResult = { measurementResultIds: number[] };

const PRODUCTS = 3;
const LOTS_PER_PRODUCT = 2;
/** Where in the tolerance each sample lands (share of LSL … USL). */
const SPREAD = [0.42, 0.55, 0.48, 0.61, 0.37];

export async function seedDemoMeasurements(tx: Tx, today: string, timeZone: string): Promise<DemoMeasurementResult> {
  const [qc] = await tx
    .select({ id: users.id, userId: users.userId, username: users.username })
    .from(users)
    .where(eq(users.userId, 'qc01'));
  const actor = qc ? { id: qc.id, userId: qc.userId, username: qc.username } : SYSTEM_ACTOR;
  const finals = await tx
    .select()
    .from(qualityStandards)
    .where(eq(qualityStandards.stage, 'FINAL'))
    .orderBy(asc(qualityStandards.productId), asc(qualityStandards.sort), asc(qualityStandards.id));
  const productIds = [...new Set(finals.map((s) => s.productId as number))].slice(0, PRODUCTS);
  const latest = await tx
    .select({ id: lots.id, lotId: lots.lotId, productId: lots.productId })
    .from(lots)
    .where(and(inArray(lots.productId, productIds.length ? productIds : [0])))
    .orderBy(desc(lots.day), desc(lots.id));
  const ids: number[] = [];
  let n = 0;
  for (const productId of productIds) {
    const items = finals.filter((s) => s.productId === productId);
    for (const lot of latest.filter((l) => l.productId === productId).slice(0, LOTS_PER_PRODUCT)) {
      const at = `${addDays(today, -(2 + n * 3))} ${String(9 + n).padStart(2, '0')}:30`;
      const ng = n === 1;
      const lines = [['항목', '시료', '측정값', '측정일시']];
      for (const it of items)
        for (let k = 1; k <= it.sampleSize; k++) {
          let value: string;
          if (it.kind === 'PASS_FAIL') value = 'OK';
          else {
            const lo = it.lsl ?? (it.usl as number) * 0.5;
            const hi = it.usl ?? (it.lsl as number) * 1.5;
            const share = ng && k === 3 ? 1.2 : SPREAD[(k + n) % SPREAD.length];
            value = (lo + (hi - lo) * share).toFixed(2);
          }
          lines.push([it.name, String(k), value, at]);
        }
      const data = Buffer.from(`\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`, 'utf8');
      const name = `${lot.lotId}-측정.csv`;
      const parsed = await readMeasurementFile(data, name);
      ids.push(
        await saveInTx(
          tx,
          actor,
          { productId, lotId: lot.lotId },
          { name, mime: 'text/csv', data, parsed },
          timeZone,
          'kr',
        ),
      );
      n++;
    }
  }
  return { measurementResultIds: ids };
}
