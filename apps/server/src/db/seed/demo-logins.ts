// The demo accounts printed at start-up and documented in the README.
export const DEMO_LOGINS = [
  { userId: 'admin', password: 'admin1234', role: '관리자 (Admin)' },
  { userId: 'prod01', password: 'demo1234', role: '생산 (Production)' },
  { userId: 'wh01', password: 'demo1234', role: '창고 (Warehouse)' },
  { userId: 'qc01', password: 'demo1234', role: '품질 (Quality)' },
] as const;
