import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { z } from 'zod';
import { pointTs } from '@eqms/contract';
import type { Db } from '../../db/client.ts';
import { insertPoints, lookUpParameters, type ResolvedPoint } from './trace-data.ingest.ts';

// The MQTT subscriber (issue 15). Topic `eqms/<tool code>/<parameter code>`, payload JSON `{ "ts", "value" }` (ts: ISO
// 8601 with offset or epoch ms) or an array of them. QoS 1 with a persistent session (clean: false, a fixed client
// id), so the broker keeps what is published while we are away; each message's PUBACK goes out only after its points
// are committed (handleMessage below), so an acknowledged point is never lost. Bad payloads and unknown parameters are
// logged and dropped (counted), and acknowledged: sending them again would not make them good.

export const MQTT_TOPIC = 'eqms/+/+';
/** How long a topic's parameter is remembered (a renamed or new parameter is seen within this). */
const TOPIC_CACHE_MS = 60_000;

const mqttPoint = z.object({ ts: pointTs, value: z.number() }).strict();
const mqttPayload = z.union([mqttPoint, z.array(mqttPoint).min(1).max(10_000)]);

export type MqttIngestStats = { messages: number; points: number; inserted: number; dropped: number; failed: number };
type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

/** A topic's parameter, or null: `eqms/<tool code>/<parameter code>`, codes without regard to case. */
function topicCodes(topic: string): { toolCode: string; parameterCode: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'eqms' || !parts[1] || !parts[2]) return null;
  return { toolCode: parts[1], parameterCode: parts[2] };
}

/** Parses a message into points of its topic's parameter, or the reason it is dropped. */
export function parseMessage(payload: Buffer): { points: { ts: number; value: number }[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { error: 'not JSON' };
  }
  const parsed = mqttPayload.safeParse(json);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'invalid payload' };
  return { points: Array.isArray(parsed.data) ? parsed.data : [parsed.data] };
}

export async function startMqttIngest(
  db: Db,
  config: { url: string; clientId: string },
  log: Log,
  options: Partial<IClientOptions> = {},
): Promise<{ client: MqttClient; stats: MqttIngestStats; stop: () => Promise<void> }> {
  const stats: MqttIngestStats = { messages: 0, points: 0, inserted: 0, dropped: 0, failed: 0 };
  const topics = new Map<string, { id: number | null; at: number }>();
  const actor = { id: 0, userId: 'mqtt', username: 'mqtt' };

  async function parameterOf(topic: string): Promise<number | null> {
    const hit = topics.get(topic);
    if (hit && Date.now() - hit.at < TOPIC_CACHE_MS) return hit.id;
    const codes = topicCodes(topic);
    let id: number | null = null;
    if (codes) {
      const { byPair } = await lookUpParameters(db, [], [codes]);
      id = [...byPair.values()][0]?.id ?? null;
    }
    topics.set(topic, { id, at: Date.now() });
    return id;
  }

  const client = mqtt.connect(config.url, {
    clientId: config.clientId,
    clean: false,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    ...options,
  });

  // MQTT.js sends a QoS 1 message's PUBACK when handleMessage calls back, and hands over the next message only then:
  // the insert commits first. One transaction per message (a gateway batches by sending an array).
  client.handleMessage = (packet, callback) => {
    if (packet.cmd !== 'publish') return callback();
    stats.messages++;
    void (async () => {
      const parsed = parseMessage(Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
      if ('error' in parsed) {
        stats.dropped++;
        log.warn({ topic: packet.topic, reason: parsed.error }, 'MQTT message dropped');
        return callback();
      }
      const parameterId = await parameterOf(packet.topic);
      if (parameterId === null) {
        stats.dropped++;
        log.warn({ topic: packet.topic, reason: 'unknown tool or parameter' }, 'MQTT message dropped');
        return callback();
      }
      const points: ResolvedPoint[] = parsed.points.map((p) => ({ parameterId, ts: p.ts, value: p.value }));
      const { inserted } = await insertPoints(db, actor, points);
      stats.points += points.length;
      stats.inserted += inserted;
      callback();
    })().catch((e: unknown) => {
      // Not acknowledged: the broker sends it again after we reconnect (the session is persistent).
      stats.failed++;
      log.error({ err: e, topic: packet.topic }, 'MQTT message not stored; reconnecting for redelivery');
      client.end(true, {}, () => client.reconnect());
    });
  };

  client.on('connect', (ack) => {
    log.info({ url: config.url, sessionPresent: ack.sessionPresent }, 'MQTT connected');
    client.subscribe(MQTT_TOPIC, { qos: 1 });
  });
  client.on('error', (e) => log.warn({ err: e }, 'MQTT error'));

  return {
    client,
    stats,
    stop: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
