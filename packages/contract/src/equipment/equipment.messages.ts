// Messages of the equipment rules (modules/equipment, modules/equipment-stock), spread into RULE_MESSAGES
// (messages.ts) so that server refusals and web forms say the same thing in both languages.
export const EQUIPMENT_MESSAGES = {
  equipmentSubTypeOfType: {
    kr: '세부 유형이 선택한 유형에 속하지 않습니다.',
    en: 'The sub-type does not belong to the selected type.',
  },
  equipmentOutOfStock: {
    kr: '비품 재고가 부족합니다. (가용 {available}, 요청 {requested})',
    en: 'Not enough equipment stock. ({available} available, {requested} asked)',
  },
  equipmentStockDiscarded: {
    kr: '폐기된 재고는 이동·폐기·수정할 수 없습니다.',
    en: 'Discarded stock cannot be moved, discarded or edited.',
  },
  equipmentMoveSamePlace: {
    kr: '현재 위치와 같은 곳으로는 이동할 수 없습니다.',
    en: 'The stock is already there: choose another place.',
  },
  equipmentPlace: {
    kr: '위치 또는 설비 중 하나만 선택하세요.',
    en: 'Choose exactly one of a location or a tool.',
  },
} as const;
