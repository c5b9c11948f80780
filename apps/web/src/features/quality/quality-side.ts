import { type Disposition, LOT_DISPOSITIONS, MATERIAL_DISPOSITIONS } from '@eqms/contract';

// What differs between the material and the product quality screens: the menus (permissions), the stages of an item,
// the dispositions of a hold and the history table. Everything else is one component for both.
export type Side = 'MATERIAL' | 'PRODUCT';

export const SIDE = {
  MATERIAL: {
    infoMenu: 'materialQualityInfo',
    resultMenu: 'materialQualityResult',
    dispositions: MATERIAL_DISPOSITIONS as readonly Disposition[],
    key: 'material',
  },
  PRODUCT: {
    infoMenu: 'productQualityInfo',
    resultMenu: 'productQualityResult',
    dispositions: LOT_DISPOSITIONS as readonly Disposition[],
    key: 'product',
  },
} as const;
