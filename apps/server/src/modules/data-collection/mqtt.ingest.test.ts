import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { tools } from '../tool/tool.table.ts';
import { startMqttIngest } from './mqtt.ingest.ts';

// Against the machine's Mosquitto (127.0.0.1:1883). Broker and subscriber restarts: mqtt.restart.test.ts (own broker).
const t = await createTestApp();
const silent = { info() {}, warn() {}, error() {} };

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('MQTT ingest', () => {
  it('stores QoS 1 points of eqms/<tool>/<parameter>, raises spec-outs, drops bad payloads', async () => {
    const param = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [site] = await tx
        .insert(locations)
        .values({ name: uniq('s'), type: 'SITE' })
        .returning();
      const [tool] = await tx
        .insert(tools)
        .values({ code: uniq('M'), name: 'press', locationId: site.id })
        .returning();
      const [p] = await tx
        .insert(parameters)
        .values({ toolId: tool.id, code: 'TEMP', name: 't', lowerLimit: 0, upperLimit: 100, sampleInterval: 1 })
        .returning();
      return { ...p, toolCode: tool.code };
    });
    const sub = await startMqttIngest(t.db, { url: 'mqtt://127.0.0.1:1883', clientId: uniq('eqms-test-') }, silent);
    await until(async () => sub.client.connected);
    await new Promise((r) => setTimeout(r, 300));
    const pub = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { clientId: uniq('pub-') });
    const topic = `eqms/${param.toolCode}/TEMP`;
    const t0 = Date.UTC(2026, 1, 1);
    await pub.publishAsync(topic, JSON.stringify({ ts: t0, value: 50 }), { qos: 1 });
    await pub.publishAsync(
      topic,
      JSON.stringify([
        { ts: new Date(t0 + 1000).toISOString(), value: 150 },
        { ts: t0 + 2000, value: 1 },
      ]),
      { qos: 1 },
    );
    await pub.publishAsync(topic, 'not json', { qos: 1 });
    await pub.publishAsync(`eqms/${param.toolCode}/NOPE`, JSON.stringify({ ts: t0, value: 1 }), { qos: 1 });
    const count = async () =>
      Number(
        rowsOf<{ n: number }>(
          await t.db.execute(sql`select count(*)::int n from trace_data where parameter_id = ${param.id}`),
        )[0].n,
      );
    expect(await until(async () => (await count()) === 3 && sub.stats.dropped === 2)).toBe(true);
    const so = rowsOf<{ value: number }>(
      await t.db.execute(sql`select value from trace_spec_outs where parameter_id = ${param.id}`),
    );
    expect(so.map((r) => Number(r.value))).toEqual([150]);
    await pub.endAsync();
    await sub.stop();
  });
});
