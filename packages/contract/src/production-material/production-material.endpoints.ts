import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  planMaterialsResponse,
  planTreeQuery,
  prodBarcodeParam,
  prodStockFilterQuery,
  prodStocksQuery,
  productionMaterialMovementListResponse,
  productionMaterialStockListResponse,
  productionMaterialStockPageResponse,
  productionMaterialStockResponse,
  productionPlanTreeResponse,
  restockBody,
  shipOutBody,
} from './production-material.schemas.ts';

// The paths of SPEC §7 "Material stock" that name a production plan: the production material issue screen
// (/material/stockOutRestock, menu stockOutRestock) and the phone's release and restock.
const can = (action: 'view' | 'create') => ({ menu: 'stockOutRestock', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const productionMaterialEndpoints = endpoints('productionMaterial', {
  planTree: endpoint('GET', '/material-stock/location/production-plan/tree', productionPlanTreeResponse, can('view'), 'Factories and lines with the plans whose period meets startDt … endDt (today … a week on by default)', { query: planTreeQuery }),
  planMaterials: endpoint('GET', '/material-stock/material-shipping/production-material-stock/{id}', planMaterialsResponse, can('view'), "A plan's materials: required by its BOM, released, restocked, consumed, at the line and still to release, with its released packages", { params: idParam }),
  byBarcode: endpoint('GET', '/material-stock/production-material-stock/by-barcode/{code}', productionMaterialStockListResponse, can('view'), 'Released packages with this package ID (any case) still at a line', { params: prodBarcodeParam }),
  atLocation: endpoint('GET', '/material-stock/location/{id}/stocks/prod', productionMaterialStockListResponse, can('view'), 'Released material still at a line, or at the lines below a factory or site', { params: idParam }),
  stocks: endpoint('GET', '/material-stock/production-material-stocks', productionMaterialStockPageResponse, can('view'), 'Released material of the plans meeting startDt … endDt, one page, with the total', { query: prodStocksQuery }),
  stocksExport: endpoint('GET', '/material-stock/production-material-stocks/excel', FILE, can('view'), 'The released material of the filter as a workbook', { query: prodStockFilterQuery }),
  history: endpoint('GET', '/material-stock/production-material-stock/history/{id}', productionMaterialMovementListResponse, can('view'), "A released package's movements at the line (release, restock, consumption), oldest first", { params: idParam }),
  shipOut: endpoint('POST', '/material-stock/ship-out', productionMaterialStockResponse, can('create'), "Release material from a warehouse stock row to a plan's line (at most its stock; an expired row needs a reason)", { body: shipOutBody }),
  restock: endpoint('POST', '/material-stock/ship-in-restock', productionMaterialStockResponse, can('create'), 'Return unused material from the line to its warehouse stock row (at most what is at the line)', { body: restockBody }),
});
