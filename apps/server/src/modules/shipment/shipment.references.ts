import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { shipmentLots, shipments } from './shipment.table.ts';

// What shipments refer to (platform/references.ts): a customer, order product or product with shipments, and a lot,
// stock row or ledger row a shipment took from, cannot be deleted; the dialog lists the shipments on the shipment
// screen. Shipments are never deleted (a cancel keeps them), so what they name stays.
const shipment = (column: AnyPgColumn, refers: string): Reference => ({
  table: shipments,
  column,
  refers,
  screen: 'shipment',
  id: shipments.shipmentNo,
  name: sql<string>`(select p.name from products p where p.id = ${shipments.productId})`,
  createdBy: shipments.createdBy,
  createdAt: shipments.createdAt,
});
const line = (column: AnyPgColumn, refers: string): Reference => ({
  table: shipmentLots,
  column,
  refers,
  screen: 'shipment',
  id: sql<string>`(select s.shipment_no from shipments s where s.id = ${shipmentLots.shipmentId})`,
  name: sql<string>`(select l.lot_id from lots l where l.id = ${shipmentLots.lotRowId})`,
  createdBy: shipmentLots.createdBy,
  createdAt: shipmentLots.createdAt,
});

export const shipmentReferences: Reference[] = [
  shipment(shipments.bizPartnerId, 'biz_partners'),
  shipment(shipments.orderProductId, 'order_products'),
  shipment(shipments.productId, 'products'),
  line(shipmentLots.productStockId, 'product_stocks'),
  line(shipmentLots.lotRowId, 'lots'),
  line(shipmentLots.shipHistoryId, 'product_stock_histories'),
  line(shipmentLots.cancelHistoryId, 'product_stock_histories'),
];
