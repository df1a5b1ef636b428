/*
 * toBase64 encodes and embeddedBytes decodes base64 (RFC 4648 §4) as the definition does, with Node's Buffer and,
 * as in a browser, without it. The reference is a plain decoder written from the RFC's alphabet here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedBytes, toBase64 } from '../src/index.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Four characters make three bytes; `=` padding drops one or two of the last group's. */
function definition(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const group = text.slice(i, i + 4);
    const bits = [...group].map((c) => (c === '=' ? 0 : ALPHABET.indexOf(c)));
    const n = (bits[0]! << 18) | (bits[1]! << 12) | (bits[2]! << 6) | bits[3]!;
    const bytes = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    out.push(...bytes.slice(0, 3 - (group.match(/=/g)?.length ?? 0)));
  }
  return out;
}

const samples = [
  new Uint8Array(0),
  new Uint8Array([0]),
  new Uint8Array([255, 254]),
  new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]),
  Uint8Array.from({ length: 70_001 }, (_, i) => (i * 7919) & 255),
];

describe('embeddedBytes', () => {
  const buffer = globalThis.Buffer;
  afterEach(() => {
    globalThis.Buffer = buffer;
  });

  for (const withBuffer of [true, false])
    it(`decodes as the definition does ${withBuffer ? 'with' : 'without'} Node's Buffer`, () => {
      if (!withBuffer) (globalThis as { Buffer?: unknown }).Buffer = undefined;
      for (const bytes of samples) {
        const text = toBase64(bytes);
        const decoded = embeddedBytes(text);
        expect(decoded).toBeInstanceOf(Uint8Array);
        expect([...decoded]).toEqual(definition(text));
        expect([...decoded]).toEqual([...bytes]);
      }
    });
});

describe('toBase64', () => {
  const buffer = globalThis.Buffer;
  afterEach(() => {
    globalThis.Buffer = buffer;
  });

  it("gives the same text with Node's Buffer as without, which the definition decodes to the bytes", () => {
    // Views at an offset into a larger buffer too: only their own bytes are encoded.
    const views = [...samples, samples[4]!.subarray(3, 1000)];
    const withBuffer = views.map(toBase64);
    (globalThis as { Buffer?: unknown }).Buffer = undefined;
    const without = views.map(toBase64);
    expect(withBuffer).toEqual(without);
    for (const [i, text] of without.entries()) expect(definition(text)).toEqual([...views[i]!]);
  });
});
