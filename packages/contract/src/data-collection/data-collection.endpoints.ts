import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  correlationQuery,
  correlationResponse,
  dataHistoryExportQuery,
  dataHistoryQuery,
  dataHistoryResponse,
  dataHistoryTypeParam,
  ingestBody,
  ingestKeyCreateBody,
  ingestKeyCreatedResponse,
  ingestKeyListResponse,
  ingestKeyResponse,
  ingestResponse,
  specOutListResponse,
  specOutQuery,
  trendQuery,
  trendResponse,
} from './data-collection.schemas.ts';

// Machine data (issue 15). Reads need view on the screen that shows them (trend: trend, spec-out, data history;
// correlation: correlation). Ingest keys are managed under the parameter screen. The ingest itself is the one route
// called by machines: an ingest key in the x-api-key header, not a user session ('ingestKey', platform/guard.ts).
const trend = { menu: 'trend', action: 'view' } as const;
const correlation = { menu: 'correlation', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const dataCollectionEndpoints = endpoints('dataCollection', {
  ingest: endpoint('POST', '/trace-data/ingest', ingestResponse, 'ingestKey', 'Machine data in: up to 10,000 points { parameterId | toolCode + parameterCode, ts, value }, all or none, idempotent on (parameter, ts); header x-api-key', { body: ingestBody, bodyLimit: 4 * 1024 * 1024 }),
  keys: endpoint('GET', '/trace-data/ingest-keys', ingestKeyListResponse, { menu: 'parameter', action: 'view' }, 'Ingest keys (never the key itself)'),
  createKey: endpoint('POST', '/trace-data/ingest-keys', ingestKeyCreatedResponse, { menu: 'parameter', action: 'create' }, 'Create an ingest key for a tool (or every tool): the key is in this answer only', { body: ingestKeyCreateBody }),
  revokeKey: endpoint('DELETE', '/trace-data/ingest-keys/{id}', ingestKeyResponse, { menu: 'parameter', action: 'delete' }, 'Revoke an ingest key (kept, marked revoked)', { params: idParam }),
  trend: endpoint('GET', '/traceRawData/trendDatas', trendResponse, trend, 'Trend of up to 8 parameters over at most 7 days, M4-downsampled to width pixels, with limits and out-of-limit points', { query: trendQuery }),
  correlationTrace: endpoint('GET', '/traceRawData/correlationTraceDatas', correlationResponse, correlation, 'Two parameters aligned on a time grid over at most 2 days: the time-series pair with r, n and the regression line', { query: correlationQuery }),
  correlation: endpoint('GET', '/correlation/datas', correlationResponse, correlation, 'Correlation of two parameters over at most 2 days: pairs, Pearson r, n, regression slope and intercept', { query: correlationQuery }),
  specOuts: endpoint('GET', '/spec-out/datas', specOutListResponse, trend, 'Values outside their limits — collected parameter values and inspection samples — by period, source, tool, parameter, product, material and item, one page', { query: specOutQuery }),
  dataHistory: endpoint('GET', '/data-history/{TYPE}', dataHistoryResponse, trend, 'Raw collected rows (TYPE: TRACE) of a period, one page', { params: dataHistoryTypeParam, query: dataHistoryQuery }),
  dataHistoryExport: endpoint('GET', '/data-history/{TYPE}/excel', FILE, trend, 'Raw collected rows of a period as a workbook (at most 50,000 rows)', { params: dataHistoryTypeParam, query: dataHistoryExportQuery }),
});
