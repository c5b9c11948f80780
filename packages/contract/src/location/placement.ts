import type { RuleMessageKey } from '../messages.ts';

// SPEC §5 location placement as pure functions: the server enforces them on every write, the web uses them
// to grey out impossible parents, and later modules (tools, stock, molds) reuse the tool and stock rules.
export const LOCATION_TYPES = ['SITE', 'FACTORY', 'LINE', 'WAREHOUSE', 'SHELF'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Depth in the tree: LINE and WAREHOUSE are siblings under a FACTORY, so they share a depth. */
export const LOCATION_DEPTH: Record<LocationType, number> = { SITE: 0, FACTORY: 1, LINE: 2, WAREHOUSE: 2, SHELF: 3 };

/** The only parent type each location type may have; null = only at the root. */
export const LOCATION_PARENT: Record<LocationType, LocationType | null> = {
  SITE: null,
  FACTORY: 'SITE',
  LINE: 'FACTORY',
  WAREHOUSE: 'FACTORY',
  SHELF: 'WAREHOUSE',
};

const PLACEMENT_MESSAGE: Record<LocationType, RuleMessageKey> = {
  SITE: 'placementSite',
  FACTORY: 'placementFactory',
  LINE: 'placementLine',
  WAREHOUSE: 'placementWarehouse',
  SHELF: 'placementShelf',
};

export const isLocationType = (v: unknown): v is LocationType => LOCATION_TYPES.includes(v as LocationType);

/** Why a location of `type` cannot sit under a parent of `parentType` (null = the root), or null when it can. */
export function locationPlacementError(type: LocationType, parentType: LocationType | null): RuleMessageKey | null {
  return LOCATION_PARENT[type] === parentType ? null : PLACEMENT_MESSAGE[type];
}

export const canPlaceLocation = (type: LocationType, parentType: LocationType | null) =>
  locationPlacementError(type, parentType) === null;

/** Tools (machines, stations, racks) go only under a LINE or a WAREHOUSE. */
export function toolPlacementError(locationType: LocationType | null): RuleMessageKey | null {
  return locationType === 'LINE' || locationType === 'WAREHOUSE' ? null : 'placementTool';
}

/** Where stock can be kept: a location of some type, or a tool (a "tool/shelf"). */
export type StockHolder = { kind: 'location'; type: LocationType } | { kind: 'tool' };

/** Materials, products and molds are stored only on a SHELF or on a tool. */
export function stockPlacementError(holder: StockHolder | null): RuleMessageKey | null {
  if (holder?.kind === 'tool') return null;
  return holder?.kind === 'location' && holder.type === 'SHELF' ? null : 'placementStock';
}

/** The deepest depth among the given types, for "the tree down to LINE"; undefined when none are given. */
export function depthUntil(types: readonly LocationType[] | undefined): number | undefined {
  if (!types || types.length === 0) return undefined;
  return Math.max(...types.map((t) => LOCATION_DEPTH[t]));
}
