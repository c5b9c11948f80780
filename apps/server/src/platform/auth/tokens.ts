import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '@eqms/contract';

export type AccessClaims = { sid: string; uid: number };
export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Verified tokens remembered per instance; past this the oldest is dropped (and verified again when used). */
const VERIFIED_MAX = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * A token's signature is checked once: the same string verifies the same way until it expires, and a client sends
   * its token with every request for 15 minutes. Only the expiry is checked again. Failures are not remembered.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expMs: number }>();
  constructor(
    secret: string,
    private readonly ttlSeconds = ACCESS_TOKEN_TTL_S,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, uid: claims.uid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expMs) return { ok: true, claims: known.claims };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || typeof payload.uid !== 'number') return { ok: false, reason: 'invalid' };
      const claims = Object.freeze({ sid: payload.sid, uid: payload.uid });
      // jwtVerify requires exp to be valid only when present; without one the token is not remembered.
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, expMs: payload.exp * 1000 });
      }
      return { ok: true, claims };
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
