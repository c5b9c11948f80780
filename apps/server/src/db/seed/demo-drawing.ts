import { deflateSync } from 'node:zlib';

// A product drawing for the demo's design image (issue 15 test report): a plate with two holes, centre lines and
// dimension lines, drawn into a grey-scale bitmap and encoded as PNG here (no image library at run time).

const W = 640;
const H = 360;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The demo drawing as PNG bytes (8-bit grey-scale). */
export function demoDrawingPng(): Buffer {
  const px = new Uint8Array(W * H).fill(255);
  const dot = (x: number, y: number, v = 0) => {
    if (x >= 0 && y >= 0 && x < W && y < H) px[Math.round(y) * W + Math.round(x)] = v;
  };
  const line = (x0: number, y0: number, x1: number, y1: number, w = 2, dash = 0, v = 0) => {
    const n = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    for (let i = 0; i <= n; i++) {
      if (dash && Math.floor(i / dash) % 2 === 1) continue;
      const x = x0 + ((x1 - x0) * i) / n;
      const y = y0 + ((y1 - y0) * i) / n;
      for (let a = 0; a < w; a++) for (let b = 0; b < w; b++) dot(x + a - w / 2, y + b - w / 2, v);
    }
  };
  const circle = (cx: number, cy: number, r: number, w = 2) => {
    for (let t = 0; t < 2 * Math.PI; t += 1 / (r * 2)) {
      for (let a = 0; a < w; a++) dot(cx + (r - a) * Math.cos(t), cy + (r - a) * Math.sin(t));
    }
  };
  const arrow = (x: number, y: number, dir: 1 | -1) => {
    line(x, y, x + dir * 12, y - 5, 2);
    line(x, y, x + dir * 12, y + 5, 2);
  };
  // The plate, its holes and the centre lines.
  const [l, t, r, b] = [120, 80, 520, 260];
  line(l, t, r, t, 4);
  line(r, t, r, b, 4);
  line(r, b, l, b, 4);
  line(l, b, l, t, 4);
  circle(220, 170, 40, 3);
  circle(420, 170, 40, 3);
  line(100, 170, 540, 170, 1, 10, 90);
  line(220, 60, 220, 280, 1, 10, 90);
  line(420, 60, 420, 280, 1, 10, 90);
  // The width dimension below and the height dimension at the right.
  line(l, b + 10, l, b + 60, 1);
  line(r, b + 10, r, b + 60, 1);
  line(l, b + 45, r, b + 45, 1);
  arrow(l, b + 45, 1);
  arrow(r, b + 45, -1);
  line(r + 10, t, r + 70, t, 1);
  line(r + 10, b, r + 70, b, 1);
  line(r + 55, t, r + 55, b, 1);
  line(r + 50, t + 12, r + 55, t, 2);
  line(r + 60, t + 12, r + 55, t, 2);
  line(r + 50, b - 12, r + 55, b, 2);
  line(r + 60, b - 12, r + 55, b, 2);

  const raw = Buffer.alloc((W + 1) * H);
  for (let y = 0; y < H; y++) {
    raw[y * (W + 1)] = 0;
    Buffer.from(px.buffer, y * W, W).copy(raw, y * (W + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey-scale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
