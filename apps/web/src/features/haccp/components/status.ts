import type { HaccpRecordStatus } from '@eqms/contract';

export const STATUS_COLOR: Record<HaccpRecordStatus, string> = { DRAFT: 'default', SIGNED: 'blue', REVIEWED: 'green' };
