import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { planTreeQuery, productionPlanTreeResponse } from '../production-material/production-material.schemas.ts';
import {
  planProductsResponse,
  prodProductLotParam,
  prodProductStockFilterQuery,
  prodProductStocksQuery,
  productionProductMovementListResponse,
  productionProductStockListResponse,
  productionProductStockPageResponse,
  productionProductStockResponse,
  productShipOutBody,
  productShipRestockBody,
} from './production-product-stock.schemas.ts';

// SPEC §7 "Production product stock" (/production/productStockOutRestock, menu productStockOutRestock). The spec's
// paths, under the group's prefix as the "Material stock" paths are under /material-stock: ship-out, ship-restock,
// production-product-stocks, production-product-stock-history/{id}. Ours (the spec gives none): a plan's requirement,
// the plan tree, released rows by LOT ID (a phone scan) and the list's workbook.
const can = (action: 'view' | 'create') => ({ menu: 'productStockOutRestock', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const productionProductStockEndpoints = endpoints('productionProductStock', {
  planTree: endpoint('GET', '/production-product-stock/production-plan/tree', productionPlanTreeResponse, can('view'), 'Factories and lines with the plans whose period meets startDt … endDt (today … a week on by default)', { query: planTreeQuery }),
  planProducts: endpoint('GET', '/production-product-stock/plan/{id}', planProductsResponse, can('view'), "A plan's semi-finished requirement: its product's BOM child products × the plan's qty, released, restocked, consumed, at the line, still to release and in stock, with its released lots", { params: idParam }),
  byLotId: endpoint('GET', '/production-product-stock/by-lot-id/{lotId}', productionProductStockListResponse, can('view'), 'Released lots with this LOT ID (any case) still at a line', { params: prodProductLotParam }),
  stocks: endpoint('GET', '/production-product-stock/production-product-stocks', productionProductStockPageResponse, can('view'), 'Released lots of the plans meeting startDt … endDt, one page, with the total', { query: prodProductStocksQuery }),
  stocksExport: endpoint('GET', '/production-product-stock/production-product-stocks/excel', FILE, can('view'), 'The released lots of the filter as a workbook', { query: prodProductStockFilterQuery }),
  history: endpoint('GET', '/production-product-stock/production-product-stock-history/{id}', productionProductMovementListResponse, can('view'), "A released lot's movements at the line (release, restock, consumption), oldest first", { params: idParam }),
  shipOut: endpoint('POST', '/production-product-stock/ship-out', productionProductStockResponse, can('create'), "Release a semi-finished lot from its product stock row to the plan of the product that consumes it (at most its stock)", { body: productShipOutBody }),
  shipRestock: endpoint('POST', '/production-product-stock/ship-restock', productionProductStockResponse, can('create'), 'Return what the line did not use to its product stock row (at most what is at the line)', { body: productShipRestockBody }),
});
