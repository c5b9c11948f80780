import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  EXPIRY_SOON_DAYS_DEFAULT,
  EXPIRY_SOON_DAYS_MAX,
  VEHICLE_ALERT_DAYS_DEFAULT,
  VEHICLE_ALERT_DAYS_MAX,
  VEHICLE_ALERT_KM_DEFAULT,
  VEHICLE_ALERT_KM_MAX,
} from '@eqms/contract';
import { SERVER_ROOT } from './paths.ts';

// ARCHITECTURE §10: every setting comes from the environment; all optional for the embedded demo.

/** A week of 1 Hz demo machine data: the trend screen's longest period (issue 15). */
export const DEMO_TRACE_HOURS_DEFAULT = 168;
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Who runs the embedded PostgreSQL when eQMS runs as root (PostgreSQL refuses root); null: `postgres` or `nobody`. */
  embeddedPgUser: string | null;
  jwtSecret: string;
  /** Where backups go (BACKUP_DIR, default DATA_DIR/backups), for how many days they are kept, and at which local hour
   * the daily one runs (null: no automatic backup). */
  backup: { dir: string; keepDays: number; hour: number | null };
  /** Days before its expiry date a stock row counts as soon to expire (EXPIRY_SOON_DAYS, default 30). */
  expirySoonDays: number;
  /** The maintenance alerts' window: parts due within so many days or km (VEHICLE_ALERT_DAYS, VEHICLE_ALERT_KM). */
  vehicleAlert: { days: number; km: number };
  adminPassword: string | null;
  demoData: boolean | null;
  /** Hours of demo machine data back from the first start (the 1 Hz parameter; the others at most a day). */
  demoTraceHours: number;
  production: boolean;
  businessType: string;
  menuExclude: string[];
  chatflowId: string | null;
  /** The Flowise server of the AI chat (CHAT_API_HOST, an http(s) URL) and its chatflow key (CHAT_API_KEY), if any. */
  chatApiHost: string | null;
  /** MOBILE_DASHBOARD=1: the phone's menu lists /m/dashboard (SPEC §2: one deployment flavour; reachable always). */
  mobileDashboard: boolean;
  chatApiKey: string | null;
  logLevel: string;
  timeZone: string;
  webDist: string | null;
  /**
   * Whose X-Forwarded-For / -Proto / -Host the server believes (Fastify's `trustProxy`): false (the default: the
   * socket's peer is the client), a hop count, or the proxies' addresses/CIDRs. The login limits count per client
   * address, so trusting everyone would let a made-up header per try guess passwords without limit.
   */
  trustProxy: false | number | string[];
  /** Test hook: a shorter idle timeout (ms) so expiry can be exercised quickly. */
  sessionIdleMs: number | null;
  /** The MQTT broker machine data comes from (MQTT_URL) and our persistent session's client id; null: no subscriber. */
  mqtt: { url: string; clientId: string } | null;
};

export class ConfigError extends Error {}

/** CHAT_API_HOST: the server calls it, so only an http(s) URL (no file: or other schemes). */
function chatHost(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`CHAT_API_HOST must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`CHAT_API_HOST must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || null;
  let jwtSecret = env.JWT_SECRET || '';
  if (!jwtSecret) {
    if (production) throw new ConfigError('JWT_SECRET must be set when NODE_ENV=production.');
    jwtSecret = databaseUrl ? randomBytes(32).toString('hex') : persistentSecret(dataDir);
  }
  const demo = env.DEMO_DATA;
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    embeddedPgUser: env.EMBEDDED_PG_USER || null,
    jwtSecret,
    expirySoonDays: wholeNumber(
      'EXPIRY_SOON_DAYS',
      env.EXPIRY_SOON_DAYS,
      EXPIRY_SOON_DAYS_DEFAULT,
      0,
      EXPIRY_SOON_DAYS_MAX,
    ),
    vehicleAlert: {
      days: wholeNumber(
        'VEHICLE_ALERT_DAYS',
        env.VEHICLE_ALERT_DAYS,
        VEHICLE_ALERT_DAYS_DEFAULT,
        0,
        VEHICLE_ALERT_DAYS_MAX,
      ),
      km: wholeNumber('VEHICLE_ALERT_KM', env.VEHICLE_ALERT_KM, VEHICLE_ALERT_KM_DEFAULT, 0, VEHICLE_ALERT_KM_MAX),
    },
    backup: {
      dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
      keepDays: wholeNumber('BACKUP_KEEP', env.BACKUP_KEEP, 14, 1, 3650),
      hour: env.BACKUP_HOUR === 'off' ? null : wholeNumber('BACKUP_HOUR', env.BACKUP_HOUR, 2, 0, 23),
    },
    adminPassword: env.ADMIN_PASSWORD || null,
    demoData: production ? false : demo === undefined ? null : demo === '1' || demo === 'true',
    demoTraceHours: wholeNumber('DEMO_TRACE_HOURS', env.DEMO_TRACE_HOURS, DEMO_TRACE_HOURS_DEFAULT, 0, 24 * 31),
    production,
    businessType: env.BUSINESS_TYPE || '',
    menuExclude: menuExclude(env.BUSINESS_TYPE || '', env.MENU_EXCLUDE || ''),
    chatflowId: env.CHATFLOW_ID || null,
    chatApiHost: chatHost(env.CHAT_API_HOST),
    chatApiKey: env.CHAT_API_KEY || null,
    mobileDashboard: env.MOBILE_DASHBOARD === '1' || env.MOBILE_DASHBOARD === 'true',
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    timeZone: env.TZ || 'Asia/Seoul',
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST || path.join(SERVER_ROOT, '../web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionIdleMs: env.EQMS_TEST_SESSION_IDLE_MS && !production ? Number(env.EQMS_TEST_SESSION_IDLE_MS) : null,
    mqtt: env.MQTT_URL ? { url: env.MQTT_URL, clientId: env.MQTT_CLIENT_ID || 'eqms-ingest' } : null,
  };
}

/** The workshop business type (SPEC §2; the spec's /atelier-kpi paths use this word). */
export const ATELIER = 'atelier';
/** Screens a business type never shows (SPEC §2: the measurement results page is hidden for the workshop type). */
const BUSINESS_TYPE_EXCLUDE: Record<string, string[]> = { [ATELIER]: ['measurementResult'] };

/** MENU_EXCLUDE's screens plus those the business type hides, each once. */
function menuExclude(businessType: string, list: string): string[] {
  const named = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set([...named, ...(BUSINESS_TYPE_EXCLUDE[businessType] ?? [])])];
}

/** An optional whole-number setting within bounds; anything else stops the start with the variable named. */
function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return n;
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset/empty/`0`/`false` → off; `N` → trust N hops; `addr, cidr, loopback…` → trust those peers. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would believe X-Forwarded-For from any client; give the proxy addresses/CIDRs or a hop count.',
    );
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !PROXY_RANGE_NAMES.has(e) && !isAddressOrCidr(e));
  if (bad.length) {
    throw new ConfigError(`TRUST_PROXY: not an address, CIDR or hop count: ${bad.join(', ')}`);
  }
  return entries;
}

/** Fastify's form of it: a hop count becomes the function proxy-addr would build (Fastify's types omit numbers). */
export function fastifyTrustProxy(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

function isAddressOrCidr(entry: string) {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A generated secret kept in DATA_DIR so tokens survive a restart of the embedded demo. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
