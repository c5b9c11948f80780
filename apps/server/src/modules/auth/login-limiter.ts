// Failed logins per (user id, address) and per address, in a sliding window. In memory: with several app
// instances each counts its own share, which still bounds guessing to N × the limit.
const WINDOW_MS = 15 * 60_000;
const MAX_PER_USER_AND_IP = 10;
const MAX_PER_IP = 50;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  blocked(userId: string, ip: string, now = Date.now()): boolean {
    return (
      this.count(`u:${userId.toLowerCase()}|${ip}`, now) >= MAX_PER_USER_AND_IP ||
      this.count(`ip:${ip}`, now) >= MAX_PER_IP
    );
  }

  fail(userId: string, ip: string, now = Date.now()) {
    for (const key of [`u:${userId.toLowerCase()}|${ip}`, `ip:${ip}`]) {
      const list = this.failures.get(key) ?? [];
      list.push(now);
      this.failures.set(key, list);
    }
    if (this.failures.size > 10_000) this.prune(now);
  }

  succeed(userId: string, ip: string) {
    this.failures.delete(`u:${userId.toLowerCase()}|${ip}`);
  }

  private count(key: string, now: number) {
    const list = this.failures.get(key)?.filter((t) => now - t < WINDOW_MS) ?? [];
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list.length;
  }

  private prune(now: number) {
    for (const key of this.failures.keys()) this.count(key, now);
  }
}
