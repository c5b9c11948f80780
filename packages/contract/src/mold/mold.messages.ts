// Messages of the mold rules (modules/mold), spread into RULE_MESSAGES (messages.ts).
export const MOLD_MESSAGES = {
  moldPlaceByInout: {
    kr: '입출고 이력이 있는 금형의 위치는 입출고(장착/반납)로만 바꿀 수 있습니다.',
    en: 'A mold with in/out history moves only by an in/out (mount or return).',
  },
  moldAlreadyMounted: {
    kr: '이미 설비에 장착된 금형입니다. 먼저 선반으로 반납하세요.',
    en: 'The mold is already mounted on a press. Return it to a shelf first.',
  },
  moldNotMounted: {
    kr: '설비에 장착되지 않은 금형입니다.',
    en: 'The mold is not mounted on a press.',
  },
  moldInoutNotLast: {
    kr: '마지막 입출고만 삭제할 수 있습니다.',
    en: 'Only the last in/out of a mold can be deleted.',
  },
  moldShotCountBack: {
    kr: '타수는 이전 입출고의 타수({shots})보다 작을 수 없습니다.',
    en: 'The shot count cannot be below the previous in/out ({shots}).',
  },
  moldInoutBefore: {
    kr: '입출고일은 이전 입출고일({date})보다 빠를 수 없습니다.',
    en: 'The in/out date cannot be before the previous one ({date}).',
  },
  moldMountTool: {
    kr: '장착은 설비(프레스)로만 할 수 있습니다.',
    en: 'A mold is mounted on a tool (press) only.',
  },
} as const;
