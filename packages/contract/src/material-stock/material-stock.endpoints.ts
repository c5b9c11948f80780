import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import { barcodeInfoResponse, barcodeParams, barcodeQuery } from './barcode.schemas.ts';
import {
  itemSalePageResponse,
  itemSaleQuery,
  materialSaleCreateBody,
  materialSaleExportQuery,
  materialSaleListQuery,
  materialSalePageResponse,
  materialSaleResponse,
  materialSaleTreeParams,
  materialSaleTreeQuery,
  materialSaleTreeResponse,
} from './material-sales.schemas.ts';
import {
  materialDailyTotalFilterQuery,
  materialDailyTotalPageResponse,
  materialDailyTotalQuery,
  materialHistoryFilterQuery,
  materialHistoryQuery,
  materialMovementListResponse,
  materialMovementPageResponse,
  materialStockListResponse,
  materialStockPageResponse,
  materialStockResponse,
  materialStockTotalPageResponse,
  materialStockTotalQuery,
  shipInBody,
  shipInBulkBody,
  stockBarcodeParam,
  stockFilterQuery,
  stockLabelQuery,
  stockListQuery,
  stockNameParam,
  stockOfQuery,
  stockTreeQuery,
  stockTreeResponse,
  stockUpdateBody,
} from './material-stock.schemas.ts';

// SPEC §7 "Material stock", "Material history", "Material sales" and "Barcode" — the warehouse's calls. The ones that
// name a production plan (release to production and restock) belong to the production module.

const stock = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'materialStock', action }) as const;
const sales = (action: 'view' | 'create' | 'delete') => ({ menu: 'materialSales', action }) as const;
const history = { menu: 'materialHistory', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const materialStockEndpoints = endpoints('material-stock', {
  ...excelEndpoints('/material-stock', 'materialStock', stockFilterQuery),
  stocks: endpoint('GET', '/material-stock/stocks', materialStockPageResponse, stock('view'), 'Stock rows, one page, in material code and first-expired-first-out order, with the total', { query: stockListQuery }),
  materialStocks: endpoint('GET', '/material-stock/material-stocks', materialStockTotalPageResponse, stock('view'), 'Stock per material against its safety stock, one page, with the total', { query: materialStockTotalQuery }),
  locationTree: endpoint('GET', '/material-stock/location/tree', stockTreeResponse, stock('view'), 'The location tree (tools included) with the stock rows held at or below each node', { query: stockTreeQuery }),
  materialTree: endpoint('GET', '/material-stock/material/tree', stockTreeResponse, stock('view'), 'Material types, their materials with stock, and each material per place', { query: stockTreeQuery }),
  locationStocks: endpoint('GET', '/material-stock/location/{id}/stocks', materialStockPageResponse, stock('view'), 'Stock rows at a location or below it, one page', { params: idParam, query: stockOfQuery }),
  materialStocksOf: endpoint('GET', '/material-stock/material/{id}/stocks', materialStockPageResponse, stock('view'), "A material's stock rows in the order to pick them (first expired first out, then first in), one page", { params: idParam, query: stockOfQuery }),
  get: endpoint('GET', '/material-stock/stock/{id}', materialStockResponse, stock('view'), 'One stock row', { params: idParam }),
  shippings: endpoint('GET', '/material-stock/stock/{id}/shippings', materialMovementListResponse, stock('view'), "A stock row's movements, oldest first", { params: idParam }),
  byName: endpoint('GET', '/material-stock/by-name/{name}', materialStockListResponse, stock('view'), 'Up to 50 stock rows with stock whose material code or name contains the text', { params: stockNameParam }),
  byBarcode: endpoint('GET', '/material-stock/by-barcode/{code}', materialStockResponse, stock('view'), 'The stock row with this package ID (any case)', { params: stockBarcodeParam }),
  labels: endpoint('GET', '/material-stock/labels', FILE, stock('view'), 'Printable labels of stock rows (material, quantity, package ID as Code 128 and QR, received date, supplier lot): a PDF of 100 × 50 mm labels or A4 sheets of 3 × 8, or ZPL for a Zebra printer (203 dpi)', { query: stockLabelQuery }),
  shipIn: endpoint('POST', '/material-stock/ship-in', materialStockResponse, stock('create'), 'Receive a material from a supplier onto a shelf or tool: a new stock row with its package ID', { body: shipInBody }),
  shipInMaterials: endpoint('POST', '/material-stock/ship-in-materials', materialStockListResponse, stock('create'), 'Receive many packages at once, all or none', { body: shipInBulkBody }),
  update: endpoint('PUT', '/material-stock/stock', materialStockResponse, stock('modify'), 'Correct a stock count and/or move the row to another shelf or tool, with a reason (each a movement)', { body: stockUpdateBody }),
  remove: endpoint('DELETE', '/material-stock/stock/{id}', okSchema, stock('delete'), 'Delete a stock row that has no movement other than its receipt', { params: idParam }),
});

// biome-ignore format: a routing table, one endpoint per line
export const materialHistoryEndpoints = endpoints('material-history', {
  historys: endpoint('GET', '/material-history/historys', materialMovementPageResponse, history, 'Movements of a period, newest first, one page, with the total', { query: materialHistoryQuery }),
  historyExport: endpoint('GET', '/material-history/historys/excel', FILE, history, 'The movements of a period as a workbook', { query: materialHistoryFilterQuery }),
  dailyTotal: endpoint('GET', '/material-history/dailyTotal', materialDailyTotalPageResponse, history, 'Per day and material: received, released, restocked, sold, corrected and the closing balance; one page', { query: materialDailyTotalQuery }),
  dailyTotalExport: endpoint('GET', '/material-history/dailyTotal/excel', FILE, history, 'The daily totals of a period as a workbook', { query: materialDailyTotalFilterQuery }),
});

// biome-ignore format: a routing table, one endpoint per line
export const materialSalesEndpoints = endpoints('material-sales', {
  create: endpoint('POST', '/material-sales', materialSaleResponse, sales('create'), 'Sell material from a stock row to a customer (at most its stock; an expired row needs a reason)', { body: materialSaleCreateBody }),
  sales: endpoint('GET', '/material-sales/sales', materialSalePageResponse, sales('view'), 'Material sales, newest first, one page, with the total', { query: materialSaleListQuery }),
  salesExport: endpoint('GET', '/material-sales/sales/excel', FILE, sales('view'), 'The filtered material sales as a workbook', { query: materialSaleExportQuery }),
  tree: endpoint('GET', '/material-sales/tree/{materialId}', materialSaleTreeResponse, sales('view'), "A material's stock rows in picking order, each with its sales", { params: materialSaleTreeParams, query: materialSaleTreeQuery }),
  materialProdSales: endpoint('GET', '/material-sales/material-prod-sales', itemSalePageResponse, { menu: 'materialProdSales', action: 'view' }, 'Material sales and product shipments of a period together, newest first, one page', { query: itemSaleQuery }),
  remove: endpoint('DELETE', '/material-sales/{id}', okSchema, sales('delete'), 'Delete a sale: its quantity returns to the stock row', { params: idParam }),
  removeBulk: endpoint('DELETE', '/material-sales/sales/{ids}', okSchema, sales('delete'), 'Delete sales, all or none: their quantities return', { params: idsParam }),
});

// biome-ignore format: a routing table, one endpoint per line
export const barcodeEndpoints = endpoints('barcode', {
  info: endpoint('GET', '/barcode/{code}', barcodeInfoResponse, 'authenticated', 'What a scanned code names: a stock package, a lot, a material or a product, with the data to act on it', { params: barcodeParams, query: barcodeQuery }),
});
