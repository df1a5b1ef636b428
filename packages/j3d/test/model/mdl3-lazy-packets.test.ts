/*
 * readJ3d builds MDL3's packets (each packet's commands and register state: commands, bp, xf, cp) when
 * `packets` is first read, and its layout when `layout` is. The chunk must look like plain data all the same: `packets` is an enumerable own
 * property in its place among the keys, a data property once read, and setting it first keeps what was set. The
 * values are checked against each packet's bytes walked here by the GX FIFO command lengths (BP 0x61 reg u24,
 * XF 0x10 u16 count−1 u16 address values, CP 0x08 reg u32, NOP 0x00).
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d, writeJ3d } from '../../src/internal.js';

/** The BP registers, XF addresses and CP registers a packet's bytes write (last value each, BP masks applied). */
function stateOf(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bp = new Map<number, number>();
  const xf = new Map<number, number>();
  const cp = new Map<number, number>();
  let mask = 0xffffff;
  let commands = 0;
  for (let at = 0; at < bytes.length; ) {
    const op = bytes[at]!;
    if (op === 0x00) at += 1;
    else if (op === 0x61) {
      const reg = bytes[at + 1]!;
      const value = view.getUint32(at + 1) & 0xffffff;
      if (reg === 0xfe) mask = value;
      else {
        bp.set(reg, ((bp.get(reg) ?? 0) & ~mask & 0xffffff) | (value & mask));
        mask = 0xffffff;
      }
      at += 5;
      commands++;
    } else if (op === 0x10) {
      const n = view.getUint16(at + 1) + 1;
      const address = view.getUint16(at + 3);
      for (let i = 0; i < n; i++) xf.set(address + i, view.getUint32(at + 5 + i * 4));
      at += 5 + n * 4;
      commands++;
    } else if (op === 0x08) {
      cp.set(bytes[at + 1]!, view.getUint32(at + 2));
      at += 6;
      commands++;
    } else throw new Error(`opcode 0x${op.toString(16)} at ${at}`);
  }
  return { commands, bp, xf, cp };
}

const asMap = (record: Record<number, number>) => new Map(Object.entries(record).map(([k, v]) => [Number(k), v]));

describe.skipIf(!haveFixtures)('MDL3 packets built on first use', () => {
  const bdls = listFixtures('j3d', /\.bdl$/);
  it('the shared fixtures hold BDLs', () => expect(bdls.length).toBeGreaterThan(0));
  for (const path of bdls) {
    const name = path.split('/').pop()!;
    it(`${name}: packets hold the commands and register state of their bytes, as plain data`, () => {
      const bytes = readFixture('j3d', name);
      const mdl3 = readJ3d(bytes).MDL3!;
      expect(Object.keys(mdl3)).toEqual(['packets', 'names', 'layout']);
      const packets = mdl3.packets;
      expect(Object.getOwnPropertyDescriptor(mdl3, 'packets')).toMatchObject({ writable: true, enumerable: true });
      expect(mdl3.packets).toBe(packets);
      expect(packets.length).toBeGreaterThan(0);
      for (const p of packets) {
        const want = stateOf(bytes.subarray(p.offset, p.offset + p.size));
        expect(p.commands.length).toBe(want.commands);
        expect(asMap(p.bp)).toEqual(want.bp);
        expect(asMap(p.xf)).toEqual(want.xf);
        expect(asMap(p.cp)).toEqual(want.cp);
      }
      // Setting the packets first keeps them.
      const again = readJ3d(bytes).MDL3!;
      again.packets = [];
      expect(again.packets).toEqual([]);
      // The layout too is built when first read: a data property then, and the file writes back byte for byte.
      const file = readJ3d(bytes);
      const layout = file.MDL3!.layout;
      expect(Object.getOwnPropertyDescriptor(file.MDL3!, 'layout')).toMatchObject({ value: layout, writable: true });
      expect(layout!.packetOffsets.length).toBe(packets.length);
      expect(writeJ3d(file)).toEqual(bytes);
      const set = readJ3d(bytes).MDL3!;
      set.layout = undefined;
      expect(set.layout).toBeUndefined();
      expect(Object.keys(set)).toEqual(['packets', 'names', 'layout']);
    });
  }
});
