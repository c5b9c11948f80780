// Messages of the claim rules (modules/claim), spread into RULE_MESSAGES (messages.ts) so that server refusals and
// web forms say the same thing in both languages.
export const CLAIM_MESSAGES = {
  claimStatusStep: {
    kr: '클레임 상태는 한 단계씩 진행하거나 종결로만 바꿀 수 있습니다. ({from} → {to})',
    en: 'A claim moves one step forward or to closed only. ({from} → {to})',
  },
  claimClosed: {
    kr: '종결된 클레임입니다. 먼저 대책 단계로 다시 열어 주세요.',
    en: 'The claim is closed. Reopen it (back to countermeasure) first.',
  },
  claimClosedBeforeReceived: {
    kr: '종결일은 접수일보다 빠를 수 없습니다.',
    en: 'The closing date cannot be before the received date.',
  },
  claimLotProduct: {
    kr: '이 LOT는 선택한 제품의 LOT가 아닙니다.',
    en: 'This lot is not a lot of the selected product.',
  },
  claimPhotoLimit: {
    kr: '클레임 한 건에 사진은 {max}장까지 첨부할 수 있습니다.',
    en: 'A claim can have at most {max} photos.',
  },
  claimPhotoType: {
    kr: 'JPEG, PNG, WebP 이미지만 올릴 수 있습니다.',
    en: 'Only JPEG, PNG or WebP images can be uploaded.',
  },
} as const;
