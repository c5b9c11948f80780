import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { claims } from '../../modules/claim/claim.table.ts';
import { lots } from '../../modules/product-stock/product-stock.table.ts';
import { shipmentLots, shipments } from '../../modules/shipment/shipment.table.ts';
import { addDays } from '../../platform/dates.ts';

// Two claims of the demo factory (issue 15) on lots that were shipped, found as the shipment seed left them: the
// oldest shipped lots, each from its customer. One is being investigated, one was closed with its countermeasure, so
// the claims screen and its "trace" action have something to show at first start.

export type DemoClaimResult = { claimIds: number[] };

const DEMO_CLAIMS = [
  {
    qty: 2,
    content: '포장 박스 모서리 찌그러짐 2건, 내용물 일부 긁힘',
    cause: '적재 시 상단 하중 과다로 추정, 조사 중',
    countermeasure: null,
    status: 'INVESTIGATING',
  },
  {
    qty: 1,
    content: '라벨 인쇄 번짐으로 LOT ID 판독 불가 1건',
    cause: '라벨 프린터 헤드 오염',
    countermeasure: '헤드 청소 주기를 주 1회에서 매일로 변경, 출하 전 라벨 판독 검사 추가',
    status: 'CLOSED',
  },
] as const;

export async function seedDemoClaims(tx: Tx, today: string): Promise<DemoClaimResult> {
  const shipped = await tx
    .selectDistinctOn([shipmentLots.lotRowId], {
      lotRowId: shipmentLots.lotRowId,
      productId: lots.productId,
      bizPartnerId: shipments.bizPartnerId,
      shipmentDt: shipments.shipmentDt,
    })
    .from(shipmentLots)
    .innerJoin(shipments, eq(shipments.id, shipmentLots.shipmentId))
    .innerJoin(lots, eq(lots.id, shipmentLots.lotRowId))
    .where(and(eq(shipments.canceled, false)))
    .orderBy(asc(shipmentLots.lotRowId), asc(shipments.shipmentDt));
  const claimIds: number[] = [];
  for (const [i, c] of DEMO_CLAIMS.entries()) {
    const lot = shipped[i];
    if (!lot) break;
    const received = addDays(lot.shipmentDt, 2) > today ? today : addDays(lot.shipmentDt, 2);
    const [row] = await tx
      .insert(claims)
      .values({
        receivedDt: received,
        bizPartnerId: lot.bizPartnerId,
        productId: lot.productId,
        lotRowId: lot.lotRowId,
        claimQty: c.qty,
        content: c.content,
        cause: c.cause,
        countermeasure: c.countermeasure,
        status: c.status,
        closedDt: c.status === 'CLOSED' ? today : null,
        createdBy: 'system',
        updatedBy: 'system',
      })
      .returning({ id: claims.id });
    claimIds.push(row.id);
  }
  return { claimIds };
}
