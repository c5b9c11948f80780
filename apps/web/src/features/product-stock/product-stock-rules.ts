import { CASCADER_SEPARATOR, DATE_FORMAT, isDate, type LocationTreeNode } from '@eqms/contract';
import dayjs from 'dayjs';
import type { CascaderOption } from '../../components/inputs/CascaderField.tsx';
import type { ProdStockScope } from './product-stock.queries.ts';

// The product stock screens' small rules, apart from the components so they are tested on their own.

/** What a tree node's key selects: L<id> a location, G<type> a product type, P<id> a product, LOT:<LOT ID> a lot. */
export function scopeOfKey(key: string | undefined): ProdStockScope {
  if (!key) return {};
  if (key.startsWith('LOT:')) return { lotId: key.slice(4) };
  const m = /^([LGP])(.+)$/.exec(key);
  if (!m) return {};
  if (m[1] === 'G') return { productType: m[2] };
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1) return {};
  return m[1] === 'L' ? { locationId: id } : { productId: id };
}

/** The expiry the add form proposes: the production day (blank: today) + the product's shelf life; null without one. */
export function proposeLotExpiry(shelfLifeDays: number | null | undefined, day: string | null | undefined) {
  if (shelfLifeDays == null) return null;
  const base = day || dayjs().format(DATE_FORMAT);
  if (!isDate(base)) return null;
  return dayjs(base).add(shelfLifeDays, 'day').format(DATE_FORMAT);
}

/**
 * The shelf picker's options: each warehouse holding shelves (labelled with its path from the site, so two factories'
 * "완제품 창고" differ) → its shelves. Lines and their branches hold no product stock and are left out.
 */
export function shelfOptions(tree: readonly LocationTreeNode[]): CascaderOption[] {
  const out: CascaderOption[] = [];
  const walk = (nodes: readonly LocationTreeNode[], path: string[]) => {
    for (const n of nodes) {
      if (n.type === 'LINE') continue;
      if (n.type === 'WAREHOUSE') {
        const shelves = n.children.filter((c) => c.type === 'SHELF');
        if (shelves.length)
          out.push({
            value: n.id,
            label: [...path, n.name].join(CASCADER_SEPARATOR),
            children: shelves.map((s) => ({ value: s.id, label: s.name })),
          });
      }
      walk(n.children, [...path, n.name]);
    }
  };
  walk(tree, []);
  return out;
}

/** The cascader's path of a shelf ([warehouse, shelf]), or null when the shelf is not among the options. */
export function shelfPathOf(options: readonly CascaderOption[], shelfId: number | null | undefined) {
  if (shelfId == null) return null;
  for (const w of options) if (w.children?.some((s) => s.value === shelfId)) return [w.value, shelfId];
  return null;
}
