// Links into the traceability page (/report/lot/trace, under the lot report's menu and right). The lot report, the
// material stock screen and the shipment screen open it with a subject: one small module with no heavy import, so a
// link costs those screens nothing.

export const TRACE_PATH = '/report/lot/trace';

export type TraceView = 'backward' | 'forward' | 'recall';

export type TraceLink =
  | { view: 'backward'; lotId: string }
  | { view: 'backward'; shipmentId: number }
  | { view: 'forward'; lotId: string }
  | { view: 'forward'; stockId: number }
  | { view: 'forward' | 'recall'; supplierId: number; supplierLot: string }
  | { view: 'recall'; stockId: number };

/** `/report/lot/trace?view=…&<subject>`: e.g. a shipment's `/report/lot/trace?view=backward&shipmentId=12`. */
export function traceUrl(link: TraceLink): string {
  const params = new URLSearchParams({ view: link.view });
  for (const [k, v] of Object.entries(link)) if (k !== 'view' && v != null) params.set(k, String(v));
  return `${TRACE_PATH}?${params.toString()}`;
}
