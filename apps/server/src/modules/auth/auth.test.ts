import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

const t = await createTestApp();

describe('POST /api/auth/login', () => {
  it('returns the user, an access token header and a refresh cookie', async () => {
    const { userId, password } = await t.makeUser({ notice: { view: true } });
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { userId, password } });
    expect(res.status).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer /);
    expect(String(res.headers['set-cookie'])).toMatch(/eqms_refresh=.*HttpOnly; SameSite=Strict/);
    expect(res.body.data.userId).toBe(userId);
    expect(res.body.data.permissions.notice.view).toBe(true);
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it('answers 401 ID_PASSWORD_INVALID for a wrong password or unknown user', async () => {
    const { userId } = await t.makeUser();
    for (const payload of [
      { userId, password: 'wrong-pass1' },
      { userId: 'nobody-here', password: 'x1234567' },
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('ID_PASSWORD_INVALID');
    }
  });

  it('answers 400 with the field for a missing user id', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.extraData.fields[0].field).toBe('userId');
  });
});
