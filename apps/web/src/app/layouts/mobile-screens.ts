import { type BarcodeInfo, can, type Permissions } from '@eqms/contract';
import type { MobileRoute } from '../../features/registry.ts';

// Which phone screens a user may open, from the one mobile route list (features/registry.ts): the drawer lists them,
// the shell guards them, and the scan sheet offers only actions that lead to one of them.

export function mayOpen(route: Pick<MobileRoute, 'perm'>, perms: Permissions | null | undefined): boolean {
  if (!route.perm) return true;
  return !!perms && can(perms, route.perm.menu, route.perm.action);
}

/** The registered mobile screens the user may open, in the list's order. */
export function openableScreens<R extends Pick<MobileRoute, 'path' | 'perm'>>(
  routes: readonly R[],
  perms: Permissions | null | undefined,
): R[] {
  return routes.filter((r) => mayOpen(r, perms));
}

/** An action of the scan sheet: a mobile screen (its label key under common `mobile.routes`) and the URL to open. */
export type ScanAction = { label: string; to: string };

const withBarcode = (path: string, code: string) => `${path}?barcode=${encodeURIComponent(code)}`;

/**
 * SPEC §2 mobile shell: what the scanned thing can be taken to, by its type. MATERIAL: its stock, receiving it;
 * MATERIAL_STOCK: its stock, release to production, restock; LOT: product stock, shipment, shipment info; PRODUCT:
 * product stock. Only the screens in `screens` (registered, and the user may open) are offered.
 */
export function scanActions(info: BarcodeInfo, screens: readonly Pick<MobileRoute, 'path' | 'label'>[]): ScanAction[] {
  const wanted: [path: string, code: string][] = (() => {
    switch (info.type) {
      case 'MATERIAL':
        return [
          ['/m/material/stock', info.code],
          ['/m/material/in', info.code],
        ];
      case 'MATERIAL_STOCK':
        return [
          ['/m/material/stock', info.data.packageId],
          ['/m/material/out', info.data.packageId],
          ['/m/material/re-in', info.data.packageId],
        ];
      case 'LOT':
        return [
          ['/m/production/stock', info.data.lotId],
          ['/m/production/shipment', info.data.lotId],
          ['/m/production/shipmentList', info.data.lotId],
        ];
      case 'PRODUCT':
        return [['/m/production/stock', info.code]];
    }
  })();
  const byPath = new Map(screens.map((s) => [s.path, s]));
  return wanted.flatMap(([path, code]) => {
    const screen = byPath.get(path);
    return screen ? [{ label: screen.label, to: withBarcode(path, code) }] : [];
  });
}
