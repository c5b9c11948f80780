import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  productMovementListResponse,
  productStockAddBody,
  productStockAdjustBody,
  productStockDisposeBody,
  productStockFilterQuery,
  productStockListQuery,
  productStockListResponse,
  productStockLotParam,
  productStockNoteBody,
  productStockOfQuery,
  productStockPageResponse,
  productStockPlanParam,
  productStockResponse,
  productStockTreeQuery,
  productStockTreeResponse,
} from './product-stock.schemas.ts';

// SPEC §7 "Product stock" (menu prodStock, /production/prodStock and the phone's /m/production/stock). The workbook
// export (/productstock/stocks/excel) is ours: the spec gives no path for it.
const can = (action: 'view' | 'create' | 'modify') => ({ menu: 'prodStock', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const productStockEndpoints = endpoints('productStock', {
  stocks: endpoint('GET', '/productstock/stocks', productStockPageResponse, can('view'), 'Product stock rows, one page, by product code and first expiring first, with the total', { query: productStockListQuery }),
  stocksExport: endpoint('GET', '/productstock/stocks/excel', FILE, can('view'), 'The product stock rows of the filter as a workbook', { query: productStockFilterQuery }),
  planStocks: endpoint('GET', '/productstock/prod-stock/{planId}', productStockListResponse, can('view'), "The stock rows of a production plan's lot (none before its first result on the last operation)", { params: productStockPlanParam }),
  productStocks: endpoint('GET', '/productstock/prod-stocks/{id}', productStockPageResponse, can('view'), "A product's stock rows, first expiring first, one page", { params: idParam, query: productStockOfQuery }),
  locationTree: endpoint('GET', '/productstock/prod-stocks/location/tree', productStockTreeResponse, can('view'), 'Sites, factories, warehouses and shelves with the lots, stock rows and quantity at or below each', { query: productStockTreeQuery }),
  itemTree: endpoint('GET', '/productstock/prod-stocks/item/tree', productStockTreeResponse, can('view'), 'Product types, their products with stock, and each product\'s lots (at most 30 listed per product)', { query: productStockTreeQuery }),
  locationStocks: endpoint('GET', '/productstock/prod-stocks/location/{id}/stocks', productStockPageResponse, can('view'), 'Stock rows at a shelf or below a location, one page', { params: idParam, query: productStockOfQuery }),
  get: endpoint('GET', '/productstock/stock/{id}', productStockResponse, can('view'), 'One product stock row', { params: idParam }),
  byLotId: endpoint('GET', '/productstock/stock/lot-id/{lotId}', productStockListResponse, can('view'), 'The stock rows of a lot by its LOT ID (any case), discarded ones included', { params: productStockLotParam }),
  history: endpoint('GET', '/productstock/stock/{id}/history', productMovementListResponse, can('view'), "A stock row's movements, oldest first", { params: idParam }),
  update: endpoint('PUT', '/productstock/stock', productStockResponse, can('modify'), "Edit a stock row's note (its quantity changes through /stock/{id}/qty)", { body: productStockNoteBody }),
  dispose: endpoint('PUT', '/productstock/dispose/{id}', productStockResponse, can('modify'), 'Discard a stock row: its whole quantity leaves stock (a DISPOSE movement) and it becomes a discarded LOT', { params: idParam, body: productStockDisposeBody }),
  adjust: endpoint('PUT', '/productstock/stock/{id}/qty', productStockResponse, can('modify'), 'Set a stock row to the counted quantity with a description: the difference is an ADJUST movement', { params: idParam, body: productStockAdjustBody }),
  add: endpoint('POST', '/productstock/stock-add', productStockResponse, can('create'), 'Add stock by hand onto a shelf: a new lot (LOT ID given or made), or more of a hand-added lot of the same product', { body: productStockAddBody }),
});
