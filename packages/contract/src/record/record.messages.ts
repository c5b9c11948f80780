// Messages of the record rules (modules/record), spread into RULE_MESSAGES (messages.ts).
export const RECORD_MESSAGES = {
  recordFolderNotEmpty: {
    kr: '하위 폴더나 기록지가 있는 폴더입니다({count}건). 먼저 옮기거나 삭제하세요.',
    en: 'The folder holds {count} folders or sheets. Move or delete them first.',
  },
  recordParent: {
    kr: '상위 항목은 같은 유형의 폴더여야 합니다.',
    en: 'The parent must be a folder of the same type.',
  },
  recordParentCycle: {
    kr: '폴더를 자기 자신이나 하위 폴더 아래로 옮길 수 없습니다.',
    en: 'A folder cannot move under itself or one of its sub-folders.',
  },
  recordFolderKind: {
    kr: '폴더와 기록지는 서로 바꿀 수 없습니다.',
    en: 'A folder cannot become a sheet, nor a sheet a folder.',
  },
  recordFolderFiles: {
    kr: '파일은 기록지에만 첨부할 수 있습니다.',
    en: 'Files are attached to sheets only.',
  },
  recordFileLimit: {
    kr: '기록지 한 건에 파일은 {max}개까지 첨부할 수 있습니다.',
    en: 'A sheet can have at most {max} files.',
  },
  recordFileType: {
    kr: '첨부할 수 없는 파일 형식입니다. (PDF, 이미지, 오피스/한글 문서, CSV/텍스트)',
    en: 'This file type cannot be attached (PDF, images, Office/HWP documents, CSV/text).',
  },
  recordFieldKey: {
    kr: '항목 이름이 중복되었습니다.',
    en: 'Field names must be unique.',
  },
} as const;
