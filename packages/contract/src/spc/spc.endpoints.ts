import { z } from 'zod';
import { endpoint, endpoints } from '../endpoint.ts';
import { rules } from '../rules/index.ts';
import { spcItemQuery, spcParameterQuery, spcResponse } from './spc.schemas.ts';

// SPC (issue 15; paths ours — the spec has none). An item's chart is read under the results screen of its side (a
// product item needs productQualityResult view, a material item materialQualityResult view; the other side's item is
// a 404); a parameter's under the trend screen, which shows the same data.
const standardIdParam = z.object({ standardId: rules.id() });
const parameterIdParam = z.object({ parameterId: rules.id() });

// biome-ignore format: a routing table, one endpoint per line
export const spcEndpoints = endpoints('spc', {
  productItem: endpoint('GET', '/spc/product-quality/{standardId}', spcResponse, { menu: 'productQualityResult', action: 'view' }, 'Control chart (X̄-R, X̄-S or I-MR) with Western Electric rules 1–4 and capability (Cp, Cpk, Pp, Ppk, histogram) of a product NUMBER item: one subgroup per inspection (its samples), limits LSL/USL of the item as it is now; inspected days startDt..endDt (≤ 366)', { params: standardIdParam, query: spcItemQuery }),
  materialItem: endpoint('GET', '/spc/material-quality/{standardId}', spcResponse, { menu: 'materialQualityResult', action: 'view' }, 'Control chart and capability of a material NUMBER item (as the product one)', { params: standardIdParam, query: spcItemQuery }),
  parameter: endpoint('GET', '/spc/parameter/{parameterId}', spcResponse, { menu: 'trend', action: 'view' }, 'Control chart and capability of a NUMBER parameter\'s collected values over [startDt, endDt) ≤ 7 days: subgroups of subgroupSize consecutive values (X̄-R, X̄-S) or I-MR, spec limits = the parameter\'s lower/upper limits; series over 4,000 points come back reduced (per bucket first/last/min/max) with every rule-breaking point (first 1,000) and the totals', { params: parameterIdParam, query: spcParameterQuery }),
});
