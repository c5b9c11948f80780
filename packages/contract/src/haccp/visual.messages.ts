// Messages of the visual inspection rules (modules/haccp visual.service.ts), spread into RULE_MESSAGES (messages.ts).
export const VISUAL_MESSAGES = {
  visualChecksRequired: { kr: '점검 항목을 하나 이상 입력하세요.', en: 'Add at least one check.' },
  visualChecksMax: { kr: '점검 항목은 {max}개까지 입력할 수 있습니다.', en: 'At most {max} checks.' },
  visualFailNote: {
    kr: '부적합 항목에는 비고(내용과 조치)를 입력해야 서명할 수 있습니다.',
    en: 'A failed check needs a note (what was found and done) before signing.',
  },
  visualPhotoType: {
    kr: 'JPEG, PNG, WebP 이미지만 올릴 수 있습니다.',
    en: 'Only JPEG, PNG or WebP images can be uploaded.',
  },
  visualPhotoLimit: { kr: '사진은 {max}장까지 올릴 수 있습니다.', en: 'At most {max} photos per inspection.' },
} as const;
