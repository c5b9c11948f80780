import { describe, expect, it } from 'vitest';
import { expiresInDays, mcpUrl, shownPrefix, tokenStatus } from './api-token-status.ts';

const NOW = Date.parse('2026-03-04T05:00:00.000Z');

describe('tokenStatus', () => {
  it('is active without an expiry, or before it', () => {
    expect(tokenStatus({ expiresAt: null, revokedAt: null }, NOW)).toBe('active');
    expect(tokenStatus({ expiresAt: '2026-03-04T05:00:01.000Z', revokedAt: null }, NOW)).toBe('active');
  });

  it('is expired from the expiry time on', () => {
    expect(tokenStatus({ expiresAt: '2026-03-04T05:00:00.000Z', revokedAt: null }, NOW)).toBe('expired');
  });

  it('is revoked once revoked, expired or not', () => {
    expect(tokenStatus({ expiresAt: null, revokedAt: '2026-03-01T00:00:00.000Z' }, NOW)).toBe('revoked');
    expect(tokenStatus({ expiresAt: '2026-03-02T00:00:00.000Z', revokedAt: '2026-03-01T00:00:00.000Z' }, NOW)).toBe(
      'revoked',
    );
  });
});

describe('the token screen texts', () => {
  it('sends "no expiry" as null and days as they are', () => {
    expect(expiresInDays(0)).toBeNull();
    expect(expiresInDays(90)).toBe(90);
  });

  it("points the client at the server's /api/mcp and marks the prefix as cut", () => {
    expect(mcpUrl('https://mes.example.com')).toBe('https://mes.example.com/api/mcp');
    expect(shownPrefix('eqms_AbC12x')).toBe('eqms_AbC12x…');
  });
});
