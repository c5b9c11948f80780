import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { addDays } from '../../platform/dates.ts';
import { files } from '../../modules/files/files.table.ts';
import { locations } from '../../modules/location/location.table.ts';
import { moldInouts, moldProducts, molds } from '../../modules/mold/mold.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { recordFiles, records } from '../../modules/record/record.table.ts';
import { tools } from '../../modules/tool/tool.table.ts';
import { demoDrawingPng } from './demo-drawing.ts';

// Issue 16's molds and record sheets of the demo factory (h4): molds of the moulded parts on the warehouse shelves
// and on the injection machines, with their in/out history (one near its rated life, so the maintenance flag shows),
// and record folders with sheets, free fields and files, so both screens show something real at first start.

export type DemoMoldRecordResult = { moldIds: number[]; recordIds: number[] };

type Move = { days: number; type: 'IN' | 'OUT'; to: string; shots: number; worker: string };
type MoldSpec = {
  code: string;
  name: string;
  product: string;
  cavities: number;
  ratedShots: number;
  initialShots: number;
  /** Shelf code where it was registered. */
  shelf: string;
  moves: Move[];
  image?: boolean;
  note?: string;
};

const MOLDS: MoldSpec[] = [
  {
    code: 'MD-1101',
    name: '주전자 몸체 1.7L 금형',
    product: 'SA-1101',
    cavities: 2,
    ratedShots: 500_000,
    initialShots: 380_000,
    shelf: 'F01-W01-A03',
    image: true,
    moves: [
      { days: -60, type: 'IN', to: 'INJ-103', shots: 380_000, worker: '김사출' },
      { days: -30, type: 'OUT', to: 'F01-W01-A03', shots: 409_600, worker: '김사출' },
      { days: -20, type: 'IN', to: 'INJ-103', shots: 409_600, worker: '박설비' },
    ],
  },
  {
    code: 'MD-1103',
    name: '주전자 뚜껑 금형',
    product: 'SA-1103',
    cavities: 4,
    ratedShots: 300_000,
    initialShots: 231_000,
    shelf: 'F01-W01-A03',
    note: '게이트 부 마모 관찰 중',
    moves: [
      { days: -45, type: 'IN', to: 'INJ-101', shots: 231_000, worker: '김사출' },
      { days: -12, type: 'OUT', to: 'F01-W01-A03', shots: 262_400, worker: '김사출' },
      { days: -5, type: 'IN', to: 'INJ-101', shots: 262_400, worker: '박설비' },
      { days: -1, type: 'OUT', to: 'F01-W01-A03', shots: 276_800, worker: '박설비' },
    ],
  },
  {
    code: 'MD-2111',
    name: '드라이어 팬 금형',
    product: 'SA-2111',
    cavities: 8,
    ratedShots: 1_000_000,
    initialShots: 120_000,
    shelf: 'F01-W02-A02',
    moves: [
      { days: -25, type: 'IN', to: 'INJ-202', shots: 120_000, worker: '이성형' },
      { days: -6, type: 'OUT', to: 'F01-W02-A02', shots: 168_000, worker: '이성형' },
    ],
  },
  {
    code: 'MD-4102',
    name: '선풍기 날개 14인치 금형',
    product: 'SA-4102',
    cavities: 1,
    ratedShots: 400_000,
    initialShots: 88_000,
    shelf: 'F01-W02-A02',
    image: true,
    moves: [{ days: -15, type: 'IN', to: 'INJ-102', shots: 88_000, worker: '이성형' }],
  },
  {
    code: 'MD-4101',
    name: '선풍기 날개 9인치 금형',
    product: 'SA-4101',
    cavities: 2,
    ratedShots: 400_000,
    initialShots: 35_000,
    shelf: 'F01-W02-A02',
    moves: [],
  },
  {
    code: 'MD-3101',
    name: '가습기 물통 3L 금형',
    product: 'SA-3101',
    cavities: 1,
    ratedShots: 250_000,
    initialShots: 0,
    shelf: 'F01-W01-A03',
    note: '신규 제작 금형, 시사출 완료',
    moves: [],
  },
];

/** A one-page PDF with a line of text (Latin-1): real bytes, so the download opens. */
export function demoPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type SheetSpec = {
  title: string;
  days: number;
  author: string;
  fields: [string, string][];
  files?: { name: string; data: () => Buffer; mime: string }[];
};
type FolderSpec = { title: string; folders?: FolderSpec[]; sheets?: SheetSpec[] };
type TypeSpec = { type: string; folders: FolderSpec[]; sheets?: SheetSpec[] };

const pdf = (name: string, text: string) => ({ name, data: () => demoPdf(text), mime: 'application/pdf' });
const png = (name: string) => ({ name, data: demoDrawingPng, mime: 'image/png' });

const RECORDS: TypeSpec[] = [
  {
    type: 'HACCP',
    folders: [
      {
        title: 'HACCP 일지',
        folders: [
          {
            title: '금속검출기 점검',
            sheets: [
              {
                title: '금속검출기 감도 점검 (포장 라인)',
                days: -1,
                author: '박품질',
                fields: [
                  ['Fe 1.5mm', '검출 (적합)'],
                  ['SUS 2.0mm', '검출 (적합)'],
                  ['점검 시각', '08:30, 13:00, 17:30'],
                ],
                files: [pdf('metal-detector-check.pdf', 'Metal detector sensitivity check - OK')],
              },
              {
                title: '금속검출기 감도 점검 (포장 라인)',
                days: -2,
                author: '박품질',
                fields: [
                  ['Fe 1.5mm', '검출 (적합)'],
                  ['SUS 2.0mm', '검출 (적합)'],
                ],
              },
            ],
          },
        ],
        sheets: [
          {
            title: '선행요건 프로그램 월간 점검표',
            days: -7,
            author: '최위생',
            fields: [
              ['방충·방서', '적합'],
              ['용수 관리', '적합 (잔류염소 0.3ppm)'],
              ['작업장 온도', '18 ℃'],
            ],
            files: [pdf('prp-monthly.pdf', 'PRP monthly checklist')],
          },
        ],
      },
    ],
  },
  {
    type: 'QUALITY',
    folders: [
      {
        title: '고객 감사',
        sheets: [
          {
            title: '한빛전자 공정 감사 결과',
            days: -14,
            author: '박품질',
            fields: [
              ['감사 범위', '사출·조립 공정, 출하 검사'],
              ['지적 사항', '2건 (라벨 판독, 치공구 관리)'],
              ['조치 기한', '2주'],
            ],
            files: [pdf('customer-audit.pdf', 'Customer process audit report')],
          },
        ],
      },
    ],
  },
  {
    type: 'FACILITY',
    folders: [
      {
        title: '설비 점검',
        sheets: [
          {
            title: '사출기 1호기 정기 점검 기록',
            days: -3,
            author: '박설비',
            fields: [
              ['유압유 온도', '45 ℃'],
              ['형체력', '정상'],
              ['히터 밴드', '3번 존 교체'],
            ],
            files: [png('injection-101.png'), pdf('inj-101-inspection.pdf', 'INJ-101 periodic inspection')],
          },
        ],
      },
      { title: '금형 수리 이력' },
    ],
  },
  {
    type: 'SAFETY',
    folders: [],
    sheets: [
      {
        title: '하반기 소방 훈련 기록',
        days: -20,
        author: '관리자',
        fields: [
          ['참석 인원', '42명'],
          ['대피 완료 시간', '4분 10초'],
        ],
      },
    ],
  },
];

export async function seedDemoMoldsRecords(tx: Tx, today: string): Promise<DemoMoldRecordResult> {
  const audit = { createdBy: 'system', updatedBy: 'system' };
  const shelfCodes = [
    ...new Set(MOLDS.flatMap((m) => [m.shelf, ...m.moves.filter((v) => v.type === 'OUT').map((v) => v.to)])),
  ];
  const toolCodes = [...new Set(MOLDS.flatMap((m) => m.moves.filter((v) => v.type === 'IN').map((v) => v.to)))];
  const locId = new Map(
    (
      await tx
        .select({ id: locations.id, code: locations.code })
        .from(locations)
        .where(inArray(locations.code, shelfCodes))
    ).map((r) => [r.code, r.id]),
  );
  const toolId = new Map(
    (await tx.select({ id: tools.id, code: tools.code }).from(tools).where(inArray(tools.code, toolCodes))).map((r) => [
      r.code,
      r.id,
    ]),
  );
  const productId = new Map(
    (
      await tx
        .select({ id: products.id, code: products.code })
        .from(products)
        .where(
          inArray(
            products.code,
            MOLDS.map((m) => m.product),
          ),
        )
    ).map((r) => [r.code, r.id]),
  );
  const place = (type: 'IN' | 'OUT' | 'SHELF', code: string) => {
    const id = type === 'IN' ? toolId.get(code) : locId.get(code);
    if (id == null) throw new Error(`demo molds: no ${type === 'IN' ? 'tool' : 'shelf'} ${code}`);
    return type === 'IN' ? { locationId: null, toolId: id } : { locationId: id, toolId: null };
  };

  const moldIds: number[] = [];
  for (const m of MOLDS) {
    const image = m.image
      ? (
          await tx
            .insert(files)
            .values({
              name: `${m.code}-drawing.png`,
              mimeType: 'image/png',
              size: demoDrawingPng().length,
              data: demoDrawingPng(),
              createdBy: 'system',
            })
            .returning({ id: files.id })
        )[0].id
      : null;
    const start = place('SHELF', m.shelf);
    const [row] = await tx
      .insert(molds)
      .values({
        code: m.code,
        name: m.name,
        cavities: m.cavities,
        ratedShots: m.ratedShots,
        initialShots: m.initialShots,
        ...start,
        designImageId: image,
        note: m.note ?? null,
        ...audit,
      })
      .returning({ id: molds.id });
    moldIds.push(row.id);
    const pid = productId.get(m.product);
    if (pid != null) await tx.insert(moldProducts).values({ moldId: row.id, productId: pid });
    let at = start;
    for (const v of m.moves) {
      const to = place(v.type, v.to);
      await tx.insert(moldInouts).values({
        moldId: row.id,
        type: v.type,
        inoutDt: addDays(today, v.days),
        worker: v.worker,
        shotCount: v.shots,
        fromLocationId: at.locationId,
        fromToolId: at.toolId,
        toLocationId: to.locationId,
        toToolId: to.toolId,
        createdBy: 'system',
      });
      at = to;
    }
    if (m.moves.length) await tx.update(molds).set(at).where(eq(molds.id, row.id));
  }

  const recordIds: number[] = [];
  const addSheet = async (type: string, parentId: number | null, s: SheetSpec) => {
    const [row] = await tx
      .insert(records)
      .values({
        type,
        parentId,
        isFolder: false,
        title: s.title,
        recordDt: addDays(today, s.days),
        author: s.author,
        fields: s.fields.map(([key, value]) => ({ key, value })),
        ...audit,
      })
      .returning({ id: records.id });
    recordIds.push(row.id);
    for (const f of s.files ?? []) {
      const data = f.data();
      const [file] = await tx
        .insert(files)
        .values({ name: f.name, mimeType: f.mime, size: data.length, data, createdBy: 'system' })
        .returning({ id: files.id });
      await tx.insert(recordFiles).values({ recordId: row.id, fileId: file.id, createdBy: 'system' });
    }
  };
  const addFolder = async (type: string, parentId: number | null, f: FolderSpec) => {
    const [row] = await tx
      .insert(records)
      .values({ type, parentId, isFolder: true, title: f.title, fields: [], ...audit })
      .returning({ id: records.id });
    recordIds.push(row.id);
    for (const sub of f.folders ?? []) await addFolder(type, row.id, sub);
    for (const s of f.sheets ?? []) await addSheet(type, row.id, s);
  };
  for (const t of RECORDS) {
    for (const f of t.folders) await addFolder(t.type, null, f);
    for (const s of t.sheets ?? []) await addSheet(t.type, null, s);
  }
  return { moldIds, recordIds };
}
