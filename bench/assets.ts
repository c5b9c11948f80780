// The assets case of `npm run bench` (issue 16: "lists under 50 ms p99 at demo scale × 50"): the demo's equipment,
// vehicles, molds, CCP monitoring and record sheets (demo-equipment.ts, demo-vehicles.ts, demo-molds-records.ts,
// demo-haccp.ts) times 50 — fifty copies of the demo's issue-16 data, each in a small factory of its own (a line pair
// with four presses, two warehouses with five shelves) — then every list and tree the equipment, equipment stock,
// equipment history, vehicle, part, mold, CCP monitoring and record screens ask for on open with their default
// filters, and the shell's two alert lists. Rows are made with generate_series in SQL, not through the API (the
// invariants are the tests' business), but each copy is the demo's: the same stock after the same moves and discards,
// the same in/out history, a month of checks with the same statuses, missing slots, deviation and amendment.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { addDays, todayIn } from '../apps/server/src/platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';

/** Copies of the demo's issue-16 data. */
export const BENCH_ASSET_COPIES = 50;
const N = BENCH_ASSET_COPIES;
/** The app's factory day (loadConfig's default TZ in bench/run.ts). */
const TIME_ZONE = 'Asia/Seoul';

export type AssetIds = { today: string };

/**
 * Places of a copy: shelves S1–S3 in warehouse 1 and S4–S5 in warehouse 2; presses T1–T2 on line 1, T3–T4 on line 2.
 * `place(k, 'S3')` is the location or tool id as two nullable columns.
 */
const loc = (k: ReturnType<typeof sql>, p: ReturnType<typeof sql>) =>
  sql`case when left(${p}, 1) = 'S' then (select id from locations where code = 'BAS-' || ${k} || '-' || substr(${p}, 2))
    when left(${p}, 1) = 'W' then (select id from locations where code = 'BAW-' || ${k} || '-' || substr(${p}, 2)) end`;
const tool = (k: ReturnType<typeof sql>, p: ReturnType<typeof sql>) =>
  sql`case when left(${p}, 1) = 'T' then (select id from tools where code = 'BAT-' || ${k} || '-' || substr(${p}, 2)) end`;

export async function seedAssets(database: Database): Promise<AssetIds> {
  const today = todayIn(TIME_ZONE);
  const t = sql`${today}::date`;
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const run = (q: ReturnType<typeof sql>) => tx.execute(q);
    const audit = sql`'system', 'system'`;
    const k = sql.raw('c.k');

    // Places: a site, a factory per copy with two lines (two presses each) and two warehouses (3 + 2 shelves).
    await run(sql`insert into locations (name, code, type) values ('자산 벤치 사업장', 'BA-SITE', 'SITE')`);
    await run(sql`insert into locations (name, code, type, parent_id)
      select '자산 벤치 공장 ' || i, 'BAF-' || i, 'FACTORY', (select id from locations where code = 'BA-SITE')
      from generate_series(1, ${N}) i`);
    await run(sql`insert into locations (name, code, type, parent_id)
      select case when x.t = 'LINE' then '사출 ' || j || '라인' else '창고 ' || j end, x.p || '-' || i || '-' || j, x.t,
        (select id from locations where code = 'BAF-' || i)
      from generate_series(1, ${N}) i cross join generate_series(1, 2) j
      cross join (values ('BAL', 'LINE'), ('BAW', 'WAREHOUSE')) x(p, t)`);
    await run(sql`insert into locations (name, code, type, parent_id)
      select 'A-' || j, 'BAS-' || i || '-' || j, 'SHELF',
        (select id from locations where code = 'BAW-' || i || '-' || case when j <= 3 then 1 else 2 end)
      from generate_series(1, ${N}) i cross join generate_series(1, 5) j`);
    await run(sql`insert into tools (code, name, type, location_id, created_by, updated_by)
      select 'BAT-' || i || '-' || j, '사출기 ' || j || '호기 (' || i || ')', 'INJECTION',
        (select id from locations where code = 'BAL-' || i || '-' || case when j <= 2 then 1 else 2 end), ${audit}
      from generate_series(1, ${N}) i cross join generate_series(1, 4) j`);

    // Equipment: the demo's nine kinds per copy, their stock after the demo's three moves and two discards (gloves
    // to a press, oil to another press, bearings between shelves; worn coated gloves and a cracked belt discarded),
    // and the 23 movements that made it. Three kinds of each copy are below kindQty.
    await run(sql`create temporary table bench_kinds (n int, name text, type text, sub_type text, standard text,
      kind text, kind_qty int, status text) on commit drop`);
    await run(sql`insert into bench_kinds values
      (0, '니트릴 작업 장갑', 'CONSUMABLE', 'GLOVE', 'L', '일회용', 200, 'OPERATING'),
      (1, '코팅 장갑', 'CONSUMABLE', 'GLOVE', 'M', '반코팅', 100, 'OPERATING'),
      (2, '유압 작동유 ISO VG46', 'CONSUMABLE', 'LUBRICANT', '20 L', '말통', 6, 'OPERATING'),
      (3, '에어 필터 카트리지', 'CONSUMABLE', 'FILTER', 'Ø80×120', '교체형', 10, 'OPERATING'),
      (4, '볼 베어링 6205ZZ', 'SPARE_PART', 'BEARING', '25×52×15', '깊은홈', 8, 'OPERATING'),
      (5, 'V벨트 A-42', 'SPARE_PART', 'BELT', 'A-42', 'V벨트', 4, 'UNDER_INSPECTION'),
      (6, '히터 밴드 Ø60', 'SPARE_PART', 'HEATER', '220V 400W', '세라믹', 4, 'OPERATING'),
      (7, '안전모', 'SAFETY', 'HELMET', '프리', 'ABS', 20, 'OPERATING'),
      (8, '보안경', 'SAFETY', 'GOGGLES', '투명', '김서림 방지', 30, 'OPERATING')`);
    await run(sql`insert into equipments (name, type, sub_type, standard, kind, kind_qty, status, description, created_by, updated_by)
      select b.name || ' #' || c.k, b.type, b.sub_type, b.standard, b.kind, b.kind_qty, b.status, 'BAE-' || c.k || '-' || b.n, ${audit}
      from generate_series(1, ${N}) c(k) cross join bench_kinds b order by c.k, b.n`);
    // Stock rows (kind, place, qty, discarded).
    await run(sql`create temporary table bench_stock (n int, place text, qty int, discard text) on commit drop`);
    await run(sql`insert into bench_stock values
      (0, 'S1', 130, null), (0, 'S4', 120, null), (0, 'T4', 20, null),
      (1, 'S2', 28, null), (1, 'S2', 12, '코팅 벗겨짐'),
      (2, 'S3', 3, null), (2, 'T1', 1, null), (2, 'T2', 1, null),
      (3, 'S3', 12, null),
      (4, 'S5', 7, null), (4, 'S2', 3, null), (4, 'T3', 2, null),
      (5, 'S5', 0, null), (5, 'S5', 1, '균열 발견 (실사)'),
      (6, 'S2', 6, null), (7, 'S1', 25, null), (8, 'S4', 32, null)`);
    await run(sql`insert into equipment_stocks (equipment_id, location_id, tool_id, qty, is_discard, discard_reason, created_by, updated_by)
      select e.id, ${loc(k, sql.raw('s.place'))}, ${tool(k, sql.raw('s.place'))}, s.qty, s.discard is not null, s.discard, ${audit}
      from generate_series(1, ${N}) c(k) cross join bench_stock s
      join equipments e on e.description = 'BAE-' || c.k || '-' || s.n
      order by c.k, s.n, s.discard nulls first`);
    await run(sql`update equipment_stocks d set discarded_from_id = a.id from equipment_stocks a
      where d.is_discard and not a.is_discard and a.equipment_id = d.equipment_id and a.location_id = d.location_id`);
    // Movements (kind, place of the row, discarded row, type, qty, balance, other end, reason, days ago).
    await run(sql`create temporary table bench_moves (n int, place text, discard boolean, type text, qty int,
      balance int, other text, reason text, ago int) on commit drop`);
    await run(sql`insert into bench_moves values
      (0, 'S1', false, 'ADD', 150, 150, null, null, 24), (0, 'S4', false, 'ADD', 120, 120, null, null, 19),
      (0, 'S1', false, 'MOVE_OUT', -20, 130, 'T4', '라인 비치', 6), (0, 'T4', false, 'MOVE_IN', 20, 20, 'S1', '라인 비치', 6),
      (1, 'S2', false, 'ADD', 40, 40, null, null, 21),
      (1, 'S2', false, 'DISCARD', -12, 28, null, '코팅 벗겨짐', 5), (1, 'S2', true, 'DISCARD', 12, 12, null, '코팅 벗겨짐', 5),
      (2, 'S3', false, 'ADD', 4, 4, null, null, 18), (2, 'T1', false, 'ADD', 1, 1, null, null, 13),
      (2, 'S3', false, 'MOVE_OUT', -1, 3, 'T2', '작동유 보충', 4), (2, 'T2', false, 'MOVE_IN', 1, 1, 'S3', '작동유 보충', 4),
      (3, 'S3', false, 'ADD', 12, 12, null, null, 15),
      (4, 'S5', false, 'ADD', 10, 10, null, null, 12), (4, 'T3', false, 'ADD', 2, 2, null, null, 7),
      (4, 'S5', false, 'MOVE_OUT', -3, 7, 'S2', '1공장 예비품', 2), (4, 'S2', false, 'MOVE_IN', 3, 3, 'S5', '1공장 예비품', 2),
      (5, 'S5', false, 'ADD', 1, 1, null, null, 9),
      (5, 'S5', false, 'DISCARD', -1, 0, null, '균열 발견 (실사)', 3), (5, 'S5', true, 'DISCARD', 1, 1, null, '균열 발견 (실사)', 3),
      (6, 'S2', false, 'ADD', 6, 6, null, null, 6), (7, 'S1', false, 'ADD', 25, 25, null, null, 21),
      (8, 'S4', false, 'ADD', 32, 32, null, null, 16)`);
    await run(sql`insert into equipment_histories (stock_id, equipment_id, type, qty, balance, location_id, tool_id,
        other_location_id, other_tool_id, reason, day, occurred_at, created_by)
      select st.id, e.id, m.type, m.qty, m.balance, st.location_id, st.tool_id,
        ${loc(k, sql.raw('m.other'))}, ${tool(k, sql.raw('m.other'))}, m.reason, ${t} - m.ago,
        ((${t} - m.ago) + time '12:00') at time zone 'UTC', 'system'
      from generate_series(1, ${N}) c(k) cross join bench_moves m
      join equipments e on e.description = 'BAE-' || c.k || '-' || m.n
      join equipment_stocks st on st.equipment_id = e.id and st.is_discard = m.discard
        and st.location_id is not distinct from ${loc(k, sql.raw('m.place'))}
        and st.tool_id is not distinct from ${tool(k, sql.raw('m.place'))}
      order by c.k, m.ago desc, m.n`);

    // Vehicles: the demo's three per copy with their eight parts and nine replacements, dated from today.
    await run(sql`insert into vehicles (plate_number, name, model, year, mileage, location_id, description, created_by, updated_by)
      select c.k || v.plate, v.name, v.model, v.year, v.mileage, ${loc(k, sql.raw('v.place'))}, v.description, ${audit}
      from generate_series(1, ${N}) c(k) cross join (values
        ('가 3456', '1톤 트럭', '현대 포터2', 2021, 84200, 'W2', '완제품 출하·배송용'),
        ('나 7890', '지게차 1호', '두산 D25S', 2019, 12350, 'W1', '원자재 입고·적재'),
        ('다 1122', '업무용 승합차', '현대 스타렉스', 2018, 143900, 'W2', null)
      ) v(plate, name, model, year, mileage, place, description)`);
    await run(sql`create temporary table bench_parts (plate text, name text, days int, km int, ago int, mileage int,
      note text) on commit drop`);
    await run(sql`insert into bench_parts values
      ('가 3456', '엔진오일', 180, 10000, 400, 52000, '5W-30'), ('가 3456', '타이어', 1095, 60000, 600, 30000, null),
      ('가 3456', '브레이크 패드', 365, 30000, 500, 40000, null),
      ('나 7890', '유압 오일', 365, null, 800, 9000, null), ('나 7890', '배터리', 730, null, 300, 11200, null),
      ('다 1122', '엔진오일', 120, 8000, 900, 95000, null), ('다 1122', '와이퍼', 180, null, 350, 128000, null),
      ('다 1122', '타이밍 벨트', null, 100000, 1500, 20000, null)`);
    await run(sql`insert into vehicle_parts (vehicle_id, name, interval_days, interval_km, fitted_date, fitted_mileage, note,
        created_by, updated_by)
      select v.id, p.name, p.days, p.km, ${t} - p.ago, p.mileage, p.note, ${audit}
      from generate_series(1, ${N}) c(k) cross join bench_parts p join vehicles v on v.plate_number = c.k || p.plate`);
    await run(sql`insert into vehicle_part_histories (part_id, replaced_date, mileage, cost, note, created_by, updated_by)
      select vp.id, ${t} - r.ago, r.mileage, r.cost, r.note, ${audit}
      from generate_series(1, ${N}) c(k) cross join (values
        ('가 3456', '엔진오일', 330, 63500, 89000, '정기 교환'), ('가 3456', '엔진오일', 150, 75000, 92000, '필터 동시 교환'),
        ('가 3456', '브레이크 패드', 135, 70000, 180000, '앞바퀴'), ('나 7890', '유압 오일', 400, 10900, 240000, null),
        ('다 1122', '엔진오일', 180, 131000, 85000, null), ('다 1122', '엔진오일', 60, 139000, 85000, null),
        ('다 1122', '와이퍼', 170, 132500, 30000, null), ('다 1122', '타이밍 벨트', 700, 110000, 650000, '워터펌프 포함')
      ) r(plate, part, ago, mileage, cost, note)
      join vehicles v on v.plate_number = c.k || r.plate join vehicle_parts vp on vp.vehicle_id = v.id and vp.name = r.part`);

    // Molds: the demo's six per copy (each making a product of its own), where their in/out history left them.
    await run(sql`create temporary table bench_molds (n int, name text, cavities int, rated int, initial int, shelf text,
      place text, note text) on commit drop`);
    await run(sql`insert into bench_molds values
      (1101, '주전자 몸체 1.7L 금형', 2, 500000, 380000, 'S3', 'T3', null),
      (1103, '주전자 뚜껑 금형', 4, 300000, 231000, 'S3', 'S3', '게이트 부 마모 관찰 중'),
      (2111, '드라이어 팬 금형', 8, 1000000, 120000, 'S4', 'S4', null),
      (4102, '선풍기 날개 14인치 금형', 1, 400000, 88000, 'S4', 'T2', null),
      (4101, '선풍기 날개 9인치 금형', 2, 400000, 35000, 'S4', 'S4', null),
      (3101, '가습기 물통 3L 금형', 1, 250000, 0, 'S3', 'S3', '신규 제작 금형, 시사출 완료')`);
    await run(sql`insert into products (code, name, type, unit)
      select 'BAP-' || c.k || '-' || m.n, replace(m.name, ' 금형', '') || ' (' || c.k || ')', 'SEMI', 'EA'
      from generate_series(1, ${N}) c(k) cross join bench_molds m`);
    await run(sql`insert into molds (code, name, cavities, rated_shots, initial_shots, location_id, tool_id, note, created_by, updated_by)
      select 'BMD-' || c.k || '-' || m.n, m.name, m.cavities, m.rated, m.initial, ${loc(k, sql.raw('m.place'))},
        ${tool(k, sql.raw('m.place'))}, m.note, ${audit}
      from generate_series(1, ${N}) c(k) cross join bench_molds m order by c.k, m.n`);
    await run(sql`insert into mold_products (mold_id, product_id)
      select id, (select p.id from products p where p.code = 'BAP-' || substr(molds.code, 5)) from molds where code like 'BMD-%'`);
    await run(sql`insert into mold_inouts (mold_id, type, inout_dt, worker, shot_count, from_location_id, from_tool_id,
        to_location_id, to_tool_id, created_by)
      select md.id, i.type, ${t} + i.days, i.worker, i.shots, ${loc(k, sql.raw('i.src'))}, ${tool(k, sql.raw('i.src'))},
        ${loc(k, sql.raw('i.dst'))}, ${tool(k, sql.raw('i.dst'))}, 'system'
      from generate_series(1, ${N}) c(k) cross join (values
        (1101, -60, 'IN', 'S3', 'T3', 380000, '김사출'), (1101, -30, 'OUT', 'T3', 'S3', 409600, '김사출'),
        (1101, -20, 'IN', 'S3', 'T3', 409600, '박설비'),
        (1103, -45, 'IN', 'S3', 'T1', 231000, '김사출'), (1103, -12, 'OUT', 'T1', 'S3', 262400, '김사출'),
        (1103, -5, 'IN', 'S3', 'T1', 262400, '박설비'), (1103, -1, 'OUT', 'T1', 'S3', 276800, '박설비'),
        (2111, -25, 'IN', 'S4', 'T4', 120000, '이성형'), (2111, -6, 'OUT', 'T4', 'S4', 168000, '이성형'),
        (4102, -15, 'IN', 'S4', 'T2', 88000, '이성형')
      ) i(n, days, type, src, dst, shots, worker)
      join molds md on md.code = 'BMD-' || c.k || '-' || i.n
      order by c.k, i.days`);

    // Record sheets: per copy the demo's five folders and six sheets of four types, five files attached.
    await run(sql`insert into records (type, is_folder, title, fields, created_by, updated_by)
      select f.type, true, f.title || ' #' || c.k, '[]'::jsonb, ${audit}
      from generate_series(1, ${N}) c(k) cross join (values
        ('HACCP', 'HACCP 일지'), ('QUALITY', '고객 감사'), ('FACILITY', '설비 점검'), ('FACILITY', '금형 수리 이력')
      ) f(type, title)`);
    await run(sql`insert into records (type, parent_id, is_folder, title, fields, created_by, updated_by)
      select 'HACCP', (select id from records where title = 'HACCP 일지 #' || c.k), true, '금속검출기 점검 #' || c.k,
        '[]'::jsonb, ${audit}
      from generate_series(1, ${N}) c(k)`);
    await run(sql`insert into records (type, parent_id, is_folder, title, record_dt, author, fields, created_by, updated_by)
      select s.type, (select id from records where title = s.folder || ' #' || c.k), false, s.title, ${t} + s.days, s.author,
        s.fields::jsonb, ${audit}
      from generate_series(1, ${N}) c(k) cross join (values
        ('HACCP', '금속검출기 점검', '금속검출기 감도 점검 (포장 라인)', -1, '박품질',
          '[{"key":"Fe 1.5mm","value":"검출 (적합)"},{"key":"SUS 2.0mm","value":"검출 (적합)"},{"key":"점검 시각","value":"08:30, 13:00, 17:30"}]'),
        ('HACCP', '금속검출기 점검', '금속검출기 감도 점검 (포장 라인)', -2, '박품질',
          '[{"key":"Fe 1.5mm","value":"검출 (적합)"},{"key":"SUS 2.0mm","value":"검출 (적합)"}]'),
        ('HACCP', 'HACCP 일지', '선행요건 프로그램 월간 점검표', -7, '최위생',
          '[{"key":"방충·방서","value":"적합"},{"key":"용수 관리","value":"적합 (잔류염소 0.3ppm)"},{"key":"작업장 온도","value":"18 ℃"}]'),
        ('QUALITY', '고객 감사', '한빛전자 공정 감사 결과', -14, '박품질',
          '[{"key":"감사 범위","value":"사출·조립 공정, 출하 검사"},{"key":"지적 사항","value":"2건 (라벨 판독, 치공구 관리)"},{"key":"조치 기한","value":"2주"}]'),
        ('FACILITY', '설비 점검', '사출기 1호기 정기 점검 기록', -3, '박설비',
          '[{"key":"유압유 온도","value":"45 ℃"},{"key":"형체력","value":"정상"},{"key":"히터 밴드","value":"3번 존 교체"}]'),
        ('SAFETY', null, '하반기 소방 훈련 기록', -20, '관리자',
          '[{"key":"참석 인원","value":"42명"},{"key":"대피 완료 시간","value":"4분 10초"}]')
      ) s(type, folder, title, days, author, fields)`);
    await run(sql`insert into files (name, mime_type, size, data, created_by)
      select 'bench-record-' || r.id || '-' || j || '.pdf', 'application/pdf', 24, convert_to('%PDF-1.4 bench record file', 'UTF8'), 'system'
      from records r cross join generate_series(1, 2) j
      where not r.is_folder and r.created_by = 'system' and r.parent_id in (select id from records where title like '% #%')
        and (r.record_dt <> ${t} - 2) and (j = 1 or r.title like '사출기%')`);
    await run(sql`insert into record_files (record_id, file_id, created_by)
      select substring(f.name from 'bench-record-(\\d+)-')::int, f.id, 'system' from files f where f.name like 'bench-record-%'`);

    // CCP monitoring: per copy the demo's three CCPs and a month of checks by one operator (bench1), reviewed by
    // admin up to three days ago, signed since, today's drafts; two missing slots, a deviation with its corrective
    // action and an amended cooling record, as in demo-haccp.ts.
    await run(sql`insert into ccps (name, type, limit_kind, min_value, max_value, unit, frequency_hours, note, created_by,
        updated_by, created_at, updated_at)
      select p.name || ' #' || c.k, p.type, p.kind, p.min, p.max, p.unit, p.freq, p.note, 'qc01', 'qc01',
        (${t} - 40)::timestamp at time zone ${TIME_ZONE}, (${t} - 40)::timestamp at time zone ${TIME_ZONE}
      from generate_series(1, ${N}) c(k) cross join (values
        ('CCP-1B 살균기 가열 온도', 'HEATING', 'RANGE', 85, 95, '°C', 4, '중심 온도 85 ℃ 이상 15초 유지'),
        ('CCP-2P 금속 검출기', 'METAL_DETECTION', 'PASS_FAIL', null, null, null, 8, 'Fe 2.0 mm, SUS 2.5 mm 시편 통과 확인'),
        ('CCP-3B 냉각 온도', 'COOLING', 'RANGE', null, 10, '°C', null, '가열 후 2시간 이내 10 ℃ 이하')
      ) p(name, type, kind, min, max, unit, freq, note)`);
    await run(sql`insert into ccp_monitorings (ccp_id, checked_at, limit_kind, min_value, max_value, measured_value, passed,
        deviation, product_action, cause, action_by, note, operator_id, status, created_by, updated_by, created_at, updated_at)
      with slots as (
        select d, 'CCP-1B' as ccp, slot, case when d = 9 and slot = 3 then 13 else slot * 4 + 1 end as hh,
          case when d = 9 and slot = 3 then 10 else 10 + (d + slot) % 20 end as mi,
          case when d = 9 and slot = 3 then 82.5 else 88 + (d * 7 + slot * 3) % 6 + (slot % 2) * 0.5 end as v, null::boolean as ok
        from generate_series(0, 30) d cross join generate_series(0, 5) slot where not (d = 5 and slot = 2)
        union all
        select d, 'CCP-2P', slot, slot * 8 + 2, 5 + (d * 3 + slot) % 30, null, true
        from generate_series(0, 30) d cross join generate_series(0, 2) slot where not (d = 12 and slot = 2)
        union all
        select d, 'CCP-3B', 0, 15, 30, 4 + (d * 5) % 5, null from generate_series(0, 30) d
      ),
      timed as (
        select s.*, ((${t} - s.d) + make_time(s.hh, s.mi, 0)) at time zone ${TIME_ZONE} as at,
          case when s.d > 3 then 'REVIEWED' when s.d > 0 then 'SIGNED' else 'DRAFT' end as status,
          s.d = 9 and s.slot = 3 and s.ccp = 'CCP-1B' as dev
        from slots s
      )
      select p.id, x.at, p.limit_kind, p.min_value, p.max_value, x.v, x.ok, x.dev,
        case when x.dev then '해당 배치(약 120 kg) 출하 보류 후 재가열(90 ℃, 15초) 및 재검사 — 적합 확인 후 출하' end,
        case when x.dev then '스팀 밸브 개도 불량으로 승온 지연' end, case when x.dev then '품질 김철수' end,
        case when x.dev then '설비팀에 밸브 점검 요청' end,
        (select id from users where user_id = 'bench1'), x.status, 'bench1',
        case when x.status = 'REVIEWED' then 'admin' else 'bench1' end, x.at, x.at
      from generate_series(1, ${N}) c(k) cross join timed x
      join ccps p on p.name like x.ccp || ' %#' || c.k
      where x.at <= now()
      order by x.at, c.k, x.ccp`);
    // The amended record: each copy's oldest cooling check, typed as 1.4 °C; its amendment corrects it to 4.1 °C.
    await run(sql`insert into ccp_monitorings (ccp_id, checked_at, limit_kind, max_value, measured_value, deviation, operator_id,
        status, amends_id, amend_reason, created_by, updated_by, created_at, updated_at)
      select m.ccp_id, m.checked_at, 'RANGE', 10, 4.1, false, m.operator_id, 'REVIEWED', m.id,
        '측정값 오기: 4.1 ℃를 1.4 ℃로 기록함 (온도계 표시 재확인)', 'bench1', 'admin',
        m.checked_at + interval '2 days', m.checked_at + interval '2 days'
      from ccp_monitorings m join ccps p on p.id = m.ccp_id
      where p.name like 'CCP-3B %#%' and m.checked_at = (select min(checked_at) from ccp_monitorings o where o.ccp_id = m.ccp_id)`);
    await run(sql`update ccp_monitorings set measured_value = 1.4 where id in (select amends_id from ccp_monitorings)`);
    await run(sql`insert into haccp_signatures (record_kind, record_id, meaning, signer_id, signer_user_id, signer_name, reason, signed_at)
      select 'CCP', m.id, s.meaning, u.id, u.user_id, u.username, case when s.meaning = 'AMENDED' then m.amend_reason end,
        m.created_at + s.after
      from ccp_monitorings m cross join (values
        ('PERFORMED', 'bench1', interval '5 minutes'), ('AMENDED', 'bench1', interval '0'),
        ('REVIEWED', 'admin', interval '26 hours')
      ) s(meaning, signer, after)
      join users u on u.user_id = s.signer
      where m.status <> 'DRAFT' and (s.meaning <> 'REVIEWED' or m.status = 'REVIEWED')
        and (s.meaning = 'AMENDED') = (m.amends_id is not null)
      order by m.created_at + s.after, m.id`);
    // Sanitation check lists: per copy the demo's three areas (line 1, line 2, warehouse 1) with 5, 4 and 6 template
    // items, a check list per area and day for 15 days by bench1 — reviewed by admin up to three days ago, signed
    // since, today's drafts (the warehouse not made yet) — one failed item with its note, as in demo-sanitation.ts.
    await run(sql`insert into sanitation_template_items (location_id, name, sort, created_by, updated_by)
      select l.id, x.name, x.sort, 'system', 'system'
      from generate_series(1, ${N}) c(k) cross join (values
        ('BAL', 1, '작업자 손 세척·소독'), ('BAL', 2, '위생복·위생모 착용'), ('BAL', 3, '작업대·설비 세척'),
        ('BAL', 4, '바닥·배수구 청소'), ('BAL', 5, '방충·방서 점검'),
        ('BAW', 1, '창고 온도·습도 확인'), ('BAW', 2, '바닥 청소'), ('BAW', 3, '팔레트 정리·바닥 이격'),
        ('BAW', 4, '방충·방서 점검'), ('BAW', 5, '출입문 밀폐'), ('BAW', 6, '원료 보관 상태')
      ) x(p, sort, name)
      cross join generate_series(1, 2) j
      join locations l on l.code = x.p || '-' || c.k || '-' || j
      where x.p = 'BAL' and (j = 1 or x.sort <= 4) or x.p = 'BAW' and j = 1`);
    await run(sql`insert into sanitation_check_lists (check_date, location_id, note, operator_id, status, created_by,
        updated_by, created_at, updated_at)
      select ${t} - d, l.id, null, (select id from users where user_id = 'bench1'),
        case when d > 3 then 'REVIEWED' when d > 0 then 'SIGNED' else 'DRAFT' end, 'bench1',
        case when d > 3 then 'admin' else 'bench1' end,
        ((${t} - d) + make_time(8 + a.i, 30, 0)) at time zone ${TIME_ZONE},
        ((${t} - d) + make_time(8 + a.i, 30, 0)) at time zone ${TIME_ZONE}
      from generate_series(1, ${N}) c(k) cross join generate_series(0, 14) d
      cross join (values (0, 'BAL', 1), (1, 'BAL', 2), (2, 'BAW', 1)) a(i, p, j)
      join locations l on l.code = a.p || '-' || c.k || '-' || a.j
      where not (d = 0 and a.i = 2)
      order by d desc, c.k, a.i`);
    await run(sql`insert into sanitation_check_items (check_list_id, sort, name, passed, note, created_by, updated_by,
        created_at, updated_at)
      select s.id, i.sort, i.name,
        case when s.status = 'DRAFT' and s.created_at > (${t} + time '08:45') at time zone ${TIME_ZONE} then null
          else not (s.check_date = ${t} - 7 and i.name = '방충·방서 점검' and l.code like 'BAL-%-2') end,
        case when s.check_date = ${t} - 7 and i.name = '방충·방서 점검' and l.code like 'BAL-%-2'
          then '포충등 주변 날벌레 다수 — 포충지 교체, 다음 날 재점검 이상 없음' end,
        'bench1', 'bench1', s.created_at, s.created_at
      from sanitation_check_lists s join locations l on l.id = s.location_id
      join sanitation_template_items i on i.location_id = s.location_id
      order by s.id, i.sort`);
    // Visual inspections: per copy two a day for 15 days (the bench has no lots: both are day inspections), three
    // checks each, one failed with its note a week ago; statuses as above.
    await run(sql`insert into visual_inspections (inspected_at, lot_row_id, checks, result, note, operator_id, status,
        created_by, updated_by, created_at, updated_at)
      select x.at, null, jsonb_build_array(
          jsonb_build_object('name', '작업장 바닥·벽 이물', 'passed', not x.fail,
            'note', case when x.fail then '검은 이물(약 2 mm) 1건 — 해당 구역 재청소 후 재검사 적합' end),
          jsonb_build_object('name', '포장재 보관 상태', 'passed', true, 'note', null),
          jsonb_build_object('name', '라벨 인쇄 상태', 'passed', true, 'note', null)),
        case when x.fail then 'FAIL' else 'PASS' end, null, (select id from users where user_id = 'bench1'),
        case when x.d > 3 then 'REVIEWED' when x.d > 0 then 'SIGNED' else 'DRAFT' end, 'bench1',
        case when x.d > 3 then 'admin' else 'bench1' end, x.at, x.at
      from (
        select c.k, d, ((${t} - d) + make_time(h, 10, 0)) at time zone ${TIME_ZONE} as at, d = 7 and h = 15 as fail
        from generate_series(1, ${N}) c(k) cross join generate_series(0, 14) d cross join (values (9), (15)) v(h)
      ) x
      where x.at <= now()
      order by x.at, x.k`);
    await run(sql`insert into haccp_signatures (record_kind, record_id, meaning, signer_id, signer_user_id, signer_name, signed_at)
      select r.kind, r.id, s.meaning, u.id, u.user_id, u.username, r.created_at + s.after
      from (
        select 'SANITATION' as kind, id, status, created_at from sanitation_check_lists
        union all select 'VISUAL', id, status, created_at from visual_inspections
      ) r cross join (values ('PERFORMED', 'bench1', interval '20 minutes'), ('REVIEWED', 'admin', interval '27 hours')) s(meaning, signer, after)
      join users u on u.user_id = s.signer
      where r.status <> 'DRAFT' and (s.meaning = 'PERFORMED' or r.status = 'REVIEWED')
      order by r.created_at + s.after, r.id`);
    await run(sql`analyze`);
    return { today };
  });
}

/** How many rows each table got (the counts the result table states). */
export async function assetRowCounts(database: Database): Promise<Record<string, number>> {
  const res = await database.db.execute(sql`select
    (select count(*) from equipments) as equipments,
    (select count(*) from equipment_stocks) as equipment_stocks,
    (select count(*) from equipment_histories) as equipment_histories,
    (select count(*) from vehicles) as vehicles,
    (select count(*) from vehicle_parts) as vehicle_parts,
    (select count(*) from vehicle_part_histories) as part_histories,
    (select count(*) from molds) as molds,
    (select count(*) from mold_inouts) as mold_inouts,
    (select count(*) from records) as records,
    (select count(*) from record_files) as record_files,
    (select count(*) from ccps) as ccps,
    (select count(*) from ccp_monitorings) as ccp_monitorings,
    (select count(*) from haccp_signatures) as haccp_signatures,
    (select count(*) from sanitation_check_lists) as sanitation_check_lists,
    (select count(*) from sanitation_check_items) as sanitation_check_items,
    (select count(*) from visual_inspections) as visual_inspections,
    (select count(*) from locations) as locations,
    (select count(*) from tools) as tools`);
  const row = rowsOf<Record<string, string | number>>(res)[0];
  return Object.fromEntries(Object.entries(row).map(([key, v]) => [key, Number(v)]));
}

/** Label and path of each list, with the filters its screen sends on open (the web's *.queries.ts). */
export function assetLists(ids: AssetIds): [string, string][] {
  const day = (n: number) => addDays(ids.today, n);
  return [
    // /equipmentManagement/equipment (and the kind filter of the stock and history screens).
    ['equipment kinds (all)', '/api/equipment'],
    // /equipmentStock: the location tree and the available rows; the stock and tool trees are its other tabs.
    ['equipment stock location tree', '/api/equipment-stock/location/tree'],
    ['equipment stock rows, available, page of 50', '/api/equipment-stock?isDiscard=false&page=1&size=50'],
    ['equipment stock rows, discarded, page of 50', '/api/equipment-stock?isDiscard=true&page=1&size=50'],
    ['equipment stock kind tree (tab)', '/api/equipment-stock/stock/tree'],
    ['equipment stock tool tree (tab)', '/api/equipment-stock/location/tree/tool'],
    // /equipmentHistory: the last 30 days, page of 50.
    [
      'equipment history, 30 days, page of 50',
      `/api/equipment-history?startDt=${day(-29)}&endDt=${ids.today}&page=1&size=50`,
    ],
    // The shell's alert lists (asked on login).
    ['equipment insufficient list (shell alert)', '/api/equipment/insufficient-list'],
    ['vehicle maintenance alerts (shell alert)', '/api/vehicle/maintenance-alerts'],
    // /vehicle/vehicleInfo: the vehicles, the tree and the alerts tab; /vehicle/partInfo: vehicles and every part.
    ['vehicles', '/api/vehicle'],
    ['vehicle tree', '/api/vehicle/tree'],
    ['parts of all vehicles', '/api/part'],
    // /mold/moldInfo: page of 50, the location tree, the product options.
    ['molds, page of 50', '/api/mold/molds?page=1&size=50'],
    ['mold location tree', '/api/mold/location/tree'],
    ['mold product options (page of 1,000)', '/api/product/products?page=1&size=1000'],
    // /haccp/ccpMonitoringPage: the last 7 days with the missing checks.
    [
      'CCP monitoring, 7 days, page of 50 (with missing checks)',
      `/api/haccp/critical-control-point/monitoring-list?startDt=${day(-6)}&endDt=${ids.today}&page=1&size=50`,
    ],
    // /haccp/sanitationProcessCheckList and /haccp/visualInspection: the last 7 days, page of 50 (PAGE_SIZE).
    [
      'sanitation check lists, 7 days, page of 50',
      `/api/sanitation-process-check-list/items?startDt=${day(-6)}&endDt=${ids.today}&page=1&size=50`,
    ],
    [
      'visual inspections, 7 days, page of 50',
      `/api/visual-inspection/list?startDt=${day(-6)}&endDt=${ids.today}&page=1&size=50`,
    ],
    // /record: the tree and the sheets, page of 50; a type's root folders.
    ['record tree', '/api/record/tree'],
    ['record sheets, page of 50', '/api/record/records?page=1&size=50'],
    ["a type's root (HACCP)", '/api/record/parent/records?type=HACCP'],
  ];
}
