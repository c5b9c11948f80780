import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  productStockListResponse,
  productStockLotParam,
  productStockOfQuery,
  productStockPageResponse,
} from '../product-stock/product-stock.schemas.ts';
import {
  bomReqInfoQuery,
  bomReqInfoResponse,
  shipmentCancelBody,
  shipmentCancelsBody,
  shipmentCreateBody,
  shipmentDetailListResponse,
  shipmentFilterQuery,
  shipmentListQuery,
  shipmentLotParam,
  shipmentPageResponse,
  shipmentPickQuery,
  shipmentPickResponse,
  shipmentResponse,
} from './shipment.schemas.ts';

// SPEC §7 "Shipment" (menu shipment: /production/shipment and the phone's /m/production/shipment and
// /m/production/shipmentList). Ours, the spec gives no path for them: one shipment (/shipment/{id}), its note as a PDF
// (/shipment/{id}/note), the list as a workbook (/shipment/shipments/excel), today's shipments for the phone
// (/shipment/shipments/today), the first-expired-first-out pick that pre-fills the lots (/shipment/shipments/pick), and
// the stock rows a shipping clerk picks or scans (/shipment/stocks/…): the product stock screen's rows under the
// shipment menu, so shipping needs no right on the stock screen.
const can = (action: 'view' | 'create' | 'modify') => ({ menu: 'shipment', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const shipmentEndpoints = endpoints('shipment', {
  create: endpoint('POST', '/shipment', shipmentResponse, can('create'), "Ship lots of a product to a customer (for an order product when given): the lots given, or a quantity picked first-expired-first-out; each line a SHIP movement of the product stock ledger", { body: shipmentCreateBody }),
  list: endpoint('GET', '/shipment/shipments', shipmentPageResponse, can('view'), 'Shipments dated startDt … endDt (at most a year), newest first, one page, with customer, order, product, total quantity and lots', { query: shipmentListQuery }),
  listExport: endpoint('GET', '/shipment/shipments/excel', FILE, can('view'), "The shipments of the list's filter as a workbook", { query: shipmentFilterQuery }),
  today: endpoint('GET', '/shipment/shipments/today', shipmentDetailListResponse, can('view'), "Today's shipments (factory day) with their lots, newest first: the phone's shipment list"),
  pick: endpoint('GET', '/shipment/shipments/pick', shipmentPickResponse, can('view'), "The stock rows a shipment of qty would take, first expired first out (expiry, production day, row id), and what stock lacks", { query: shipmentPickQuery }),
  bomReqInfo: endpoint('GET', '/shipment/shipments/bom-req-info', bomReqInfoResponse, can('view'), "The BOM requirement of a product's, order product's or shipment's quantity over every level, with stock on hand and shortage per component", { query: bomReqInfoQuery }),
  byLot: endpoint('GET', '/shipment/shipments/lot/{lotId}', shipmentDetailListResponse, can('view'), 'The shipments of a lot by its LOT ID (any case), canceled ones included, newest first', { params: shipmentLotParam }),
  lotStocks: endpoint('GET', '/shipment/stocks/lot-id/{lotId}', productStockListResponse, can('view'), 'The stock rows of a lot by its LOT ID (any case), discarded ones included: what a scan finds', { params: productStockLotParam }),
  productStocks: endpoint('GET', '/shipment/stocks/product/{id}', productStockPageResponse, can('view'), "A product's stock rows, first expiring first, one page: the lots a shipment can take", { params: idParam, query: productStockOfQuery }),
  get: endpoint('GET', '/shipment/{id}', shipmentResponse, can('view'), 'One shipment with its lots', { params: idParam }),
  note: endpoint('GET', '/shipment/{id}/note', FILE, can('view'), 'The shipment note (A4 PDF): customer, order, lots, quantities and a QR of the shipment number', { params: idParam }),
  cancel: endpoint('PUT', '/shipment/cancel', shipmentResponse, can('modify'), "Cancel a shipment: every line's quantity goes back to its stock row (SHIP_CANCEL); the shipment stays, marked canceled", { body: shipmentCancelBody }),
  cancels: endpoint('PUT', '/shipment/cancels', shipmentDetailListResponse, can('modify'), 'Cancel several shipments, all or none', { body: shipmentCancelsBody }),
});
