// Failed logins per client address in a sliding window: the second line behind the per-account count in the
// database (login-throttle.ts), against one address spraying many user ids. In memory, per instance: it needs no
// write and answers before the database is asked. The address is `req.ip`, which follows X-Forwarded-For only
// from the proxies TRUST_PROXY names (config.ts), so a made-up header does not give a fresh address.
export const WINDOW_MS = 15 * 60_000;
export const MAX_PER_IP = 50;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  /** Seconds until this address may try again, 0 when it may now. */
  retryAfterS(ip: string, now = Date.now()): number {
    const list = this.recent(ip, now);
    return list.length >= MAX_PER_IP ? Math.max(1, Math.ceil((list[0] + WINDOW_MS - now) / 1000)) : 0;
  }

  fail(ip: string, now = Date.now()) {
    const list = this.failures.get(ip) ?? [];
    list.push(now);
    this.failures.set(ip, list);
    if (this.failures.size > 10_000) this.prune(now);
  }

  private recent(ip: string, now: number) {
    const list = this.failures.get(ip)?.filter((t) => now - t < WINDOW_MS) ?? [];
    if (list.length) this.failures.set(ip, list);
    else this.failures.delete(ip);
    return list;
  }

  private prune(now: number) {
    for (const ip of this.failures.keys()) this.recent(ip, now);
  }
}
