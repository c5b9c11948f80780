import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { labelQuery } from '../labels/labels.schemas.ts';

// Lot labels (issue 13 "lot label"): the product stock menu's labels, in a group of their own so the product stock
// module's contract stays its own. The same query and renderer as the material stock labels (labels/labels.schemas.ts,
// server platform/labels): the LOT ID is what the barcodes carry and what GET /barcode/{code} resolves to a LOT.

// biome-ignore format: a routing table, one endpoint per line
export const lotLabelEndpoints = endpoints('productStock', {
  lotLabels: endpoint('GET', '/productstock/labels', FILE, { menu: 'prodStock', action: 'view' }, 'Printable labels of product stock rows (LOT ID as Code 128 and QR, product, quantity, production day, expiry): a PDF of 100 × 50 mm labels or A4 sheets of 3 × 8, or ZPL for a Zebra printer (203 dpi)', { query: labelQuery }),
});
