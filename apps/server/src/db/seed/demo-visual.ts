import { deflateSync } from 'node:zlib';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { files } from '../../modules/files/files.table.ts';
import { haccpSignatures, visualInspectionPhotos, visualInspections } from '../../modules/haccp/haccp.table.ts';
import { lots } from '../../modules/product-stock/product-stock.table.ts';
import { users } from '../../modules/user/user.table.ts';
import { addDays, instantAt } from '../../platform/dates.ts';
import type { Tx } from '../client.ts';

// Two weeks of visual inspections (issue 16) by qc01: each morning a day inspection of the line (no lot), and in the
// afternoon one of the day's lots when there is one. Older than three days: signed and reviewed by admin; the last
// three days signed only; today's a draft. One lot inspection failed (a foreign body) with its note and a photo
// (a small PNG drawn here: a tray with a dark speck, marked by a red ring).

const DAYS = 14;
type Check = { name: string; passed: boolean; note: string | null };
const DAY_CHECKS: Check[] = [
  { name: '작업장 바닥·벽 이물', passed: true, note: null },
  { name: '포장재 보관 상태', passed: true, note: null },
  { name: '라벨 인쇄 상태', passed: true, note: null },
];
const LOT_CHECKS = (fail: boolean): Check[] => [
  fail
    ? {
        name: '이물',
        passed: false,
        note: '검은 이물(약 2 mm) 1건 발견 — 해당 트레이 폐기, LOT 전량 선별 후 재검사 적합',
      }
    : { name: '이물', passed: true, note: null },
  { name: '포장 상태', passed: true, note: null },
  { name: '라벨', passed: true, note: null },
  { name: '색상/외관', passed: true, note: null },
];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 320×240 RGB photo-like picture: a light tray on a grey table, a dark speck on it circled in red. */
export function demoDefectPng(): Buffer {
  const W = 320;
  const H = 240;
  const raw = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0;
    for (let x = 0; x < W; x++) {
      const tray = x > 40 && x < 280 && y > 30 && y < 210;
      const shade = ((x * 7 + y * 13) % 11) - 5;
      let rgb = tray ? [236 + shade, 230 + shade, 214 + shade] : [120 + shade, 124 + shade, 128 + shade];
      const d = Math.hypot(x - 190, y - 110);
      if (d < 4) rgb = [30, 26, 22];
      else if (d > 20 && d < 24) rgb = [220, 30, 30];
      const o = y * (W * 3 + 1) + 1 + x * 3;
      raw[o] = rgb[0];
      raw[o + 1] = rgb[1];
      raw[o + 2] = rgb[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedDemoVisual(tx: Tx, today: string, timeZone: string): Promise<{ visualIds: number[] }> {
  const people = await tx
    .select({ id: users.id, userId: users.userId, username: users.username })
    .from(users)
    .where(inArray(users.userId, ['qc01', 'admin']));
  const qc = people.find((p) => p.userId === 'qc01');
  const admin = people.find((p) => p.userId === 'admin');
  if (!qc || !admin) throw new Error('seedDemoVisual runs after the demo users.');
  const recent = await tx
    .select({ id: lots.id, day: lots.day })
    .from(lots)
    .where(gte(lots.day, addDays(today, -DAYS)))
    .orderBy(desc(lots.day), desc(lots.id));
  const now = Date.now();
  type Row = typeof visualInspections.$inferInsert;
  const rows: Row[] = [];
  let failed = false;
  for (let d = DAYS; d >= 0; d--) {
    const day = addDays(today, -d);
    const status = d > 3 ? 'REVIEWED' : d > 0 ? 'SIGNED' : 'DRAFT';
    const add = (hhmm: string, lotRowId: number | null, checks: Check[], note: string | null = null) => {
      const at = instantAt(`${day} ${hhmm}`, timeZone);
      if (at.getTime() > now) return;
      const audit = { createdBy: 'qc01', updatedBy: status === 'REVIEWED' ? 'admin' : 'qc01' };
      rows.push({
        inspectedAt: at,
        lotRowId,
        checks,
        result: checks.some((c) => !c.passed) ? 'FAIL' : 'PASS',
        note,
        operatorId: qc.id,
        status,
        ...audit,
        createdAt: at,
        updatedAt: at,
      });
    };
    add('08:20', null, DAY_CHECKS);
    const lot = recent.find((l) => l.day === day);
    if (lot) {
      const fail = !failed && d <= 9 && d > 3;
      if (fail) failed = true;
      add('14:40', lot.id, LOT_CHECKS(fail), fail ? '협력사(포장재) 통보, 다음 LOT 이물 점검 강화' : null);
    }
  }
  if (!rows.length) return { visualIds: [] };
  const made = await tx
    .insert(visualInspections)
    .values(rows)
    .returning({ id: visualInspections.id, status: visualInspections.status, at: visualInspections.inspectedAt });
  const signatures: (typeof haccpSignatures.$inferInsert)[] = [];
  const sig = (recordId: number, at: Date, who: typeof qc, meaning: string) =>
    signatures.push({
      recordKind: 'VISUAL',
      recordId,
      meaning,
      signerId: who.id,
      signerUserId: who.userId,
      signerName: who.username,
      signedAt: at,
    });
  for (const r of made) {
    if (r.status === 'DRAFT') continue;
    sig(r.id, new Date(r.at.getTime() + 10 * 60_000), qc, 'PERFORMED');
    if (r.status === 'REVIEWED') sig(r.id, new Date(r.at.getTime() + 20 * 3_600_000), admin, 'REVIEWED');
  }
  if (signatures.length) await tx.insert(haccpSignatures).values(signatures);
  const [bad] = await tx
    .select({ id: visualInspections.id, at: visualInspections.inspectedAt })
    .from(visualInspections)
    .where(and(eq(visualInspections.result, 'FAIL'), eq(visualInspections.createdBy, 'qc01')))
    .limit(1);
  if (bad) {
    const png = demoDefectPng();
    const [file] = await tx
      .insert(files)
      .values({ name: '이물-트레이.png', mimeType: 'image/png', size: png.length, data: png, createdBy: 'qc01' })
      .returning({ id: files.id });
    await tx
      .insert(visualInspectionPhotos)
      .values({ inspectionId: bad.id, fileId: file.id, createdBy: 'qc01', createdAt: bad.at });
  }
  return { visualIds: made.map((r) => r.id) };
}
