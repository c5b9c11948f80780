import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { tools } from '../tool/tool.table.ts';
import { startMqttIngest } from './mqtt.ingest.ts';

// Our own Mosquitto (port 18831, persistence in a temp dir) stopped and started under the subscriber: every point a
// broker acknowledged to the publisher ends up stored exactly once — the ones sent while we were away, while the
// broker was down (the publisher's client holds them) and after each restart.
const hasMosquitto = (() => {
  try {
    execFileSync('mosquitto', ['-h'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // `mosquitto -h` exits 3 after printing its help: installed. ENOENT: not installed.
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();
if (!hasMosquitto) console.warn('mqtt.restart.test: skipped — mosquitto is not installed (apt-get install mosquitto)');

const PORT = 18831;
const URL = `mqtt://127.0.0.1:${PORT}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'eqms-mosquitto-'));
// Run as root, mosquitto drops to its own user: the directory must be writable by it, or nothing persists.
chmodSync(dir, 0o777);
const conf = path.join(dir, 'mosquitto.conf');
writeFileSync(
  conf,
  [
    `listener ${PORT} 127.0.0.1`,
    'allow_anonymous true',
    'persistence true',
    `persistence_location ${dir}/`,
    // Saved at shutdown too; autosave after each change covers a broker that is killed.
    'autosave_interval 1',
    'autosave_on_changes true',
    '',
  ].join('\n'),
);

const t = await createTestApp();
let broker: ChildProcess | null = null;

const portOpen = () =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(PORT, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function startBroker() {
  broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  if (!(await until(portOpen))) throw new Error(`mosquitto did not listen on ${PORT}`);
}

async function stopBroker() {
  const b = broker;
  if (!b || b.exitCode !== null) return;
  const exited = new Promise((r) => b.once('exit', r));
  b.kill('SIGTERM');
  await exited;
  broker = null;
}

afterAll(async () => {
  await stopBroker();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasMosquitto)('MQTT ingest across broker and subscriber restarts', () => {
  it('stores every acknowledged QoS 1 point once: sent while we are away, while the broker is down, after restarts', async () => {
    const silent = { info() {}, warn() {}, error() {} };
    const param = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [site] = await tx
        .insert(locations)
        .values({ name: uniq('s'), type: 'SITE' })
        .returning();
      const [tool] = await tx
        .insert(tools)
        .values({ code: uniq('R'), name: 'press', locationId: site.id })
        .returning();
      const [p] = await tx
        .insert(parameters)
        .values({ toolId: tool.id, code: 'TEMP', name: 't', lowerLimit: 0, upperLimit: 1000, sampleInterval: 1 })
        .returning();
      return { ...p, toolCode: tool.code };
    });
    const topic = `eqms/${param.toolCode}/TEMP`;
    const t0 = Date.UTC(2026, 2, 1);
    const clientId = uniq('eqms-restart-');
    let next = 0;
    /** Publishes n points (value = its index) at QoS 1; resolves when the broker has acknowledged each. */
    const publish = (pub: mqtt.MqttClient, n: number) =>
      Promise.all(
        Array.from({ length: n }, () => {
          const i = next++;
          return pub.publishAsync(topic, JSON.stringify({ ts: t0 + i * 1000, value: i }), { qos: 1 });
        }),
      );
    const stored = async () =>
      rowsOf<{ ms: number; value: number }>(
        await t.db.execute(
          sql`select (extract(epoch from ts) * 1000)::float8 as ms, value from trace_data where parameter_id = ${param.id} order by ts`,
        ),
      ).map((r) => [Number(r.ms), Number(r.value)]);
    const count = async () => (await stored()).length;

    await startBroker();
    let sub = await startMqttIngest(t.db, { url: URL, clientId }, silent);
    expect(await until(() => sub.client.connected)).toBe(true);
    await new Promise((r) => setTimeout(r, 300)); // the subscription is in place
    // The publisher keeps a persistent session too and resends unacknowledged messages after a reconnect.
    const pub = await mqtt.connectAsync(URL, { clientId: uniq('pub-'), clean: false, reconnectPeriod: 200 });

    await publish(pub, 50); // 1. while we are connected
    expect(await until(async () => (await count()) === 50)).toBe(true);

    await sub.stop(); // 2. while we are away: the broker queues for our persistent session
    await publish(pub, 50);

    await stopBroker(); // 3. the broker restarts with the queue on disk
    await startBroker();
    expect(await until(() => pub.connected)).toBe(true);
    await publish(pub, 50); // after its restart, still before we are back

    sub = await startMqttIngest(t.db, { url: URL, clientId }, silent);
    expect(await until(async () => (await count()) === 150)).toBe(true);

    await stopBroker(); // 4. the broker goes down under a connected subscriber and publisher
    const whileDown = publish(pub, 50); // held by the publisher's client until the broker is back
    await new Promise((r) => setTimeout(r, 500));
    await startBroker();
    await whileDown;
    await publish(pub, 50);
    expect(await until(async () => (await count()) === 250)).toBe(true);
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives late

    const rows = await stored();
    expect(rows).toEqual(Array.from({ length: 250 }, (_, i) => [t0 + i * 1000, i]));
    expect(sub.stats.failed).toBe(0);
    expect(sub.stats.dropped).toBe(0);
    await pub.endAsync();
    await sub.stop();
  }, 90_000);
});
