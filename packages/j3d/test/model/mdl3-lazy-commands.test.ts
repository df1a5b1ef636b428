/*
 * readJ3d leaves an MDL3 packet's commands and register state (commands, bp, xf, cp) to be decoded when one of
 * them is first read or set. Such a packet must look like plain data all the same: the four are enumerable own
 * properties, become data properties once touched, and setting one before any is read keeps the others as the
 * stored bytes say. The values are checked against the packet's bytes walked here by the GX FIFO command lengths
 * (BP 0x61 reg u24, XF 0x10 u16 count−1 u16 address values, CP 0x08 reg u32, NOP 0x00).
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/internal.js';

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

describe.skipIf(!haveFixtures)('MDL3 packets decoded on first use', () => {
  const bdls = listFixtures('j3d', /\.bdl$/);
  it('the shared fixtures hold BDLs', () => expect(bdls.length).toBeGreaterThan(0));
  for (const path of bdls) {
    const name = path.split('/').pop()!;
    it(`${name}: commands and register state are the packet's bytes, as plain data`, () => {
      const bytes = readFixture('j3d', name);
      const packets = readJ3d(bytes).MDL3!.packets;
      expect(packets.length).toBeGreaterThan(0);
      for (const p of packets) {
        expect(Object.keys(p)).toEqual(expect.arrayContaining(['commands', 'bp', 'xf', 'cp']));
        const want = stateOf(bytes.subarray(p.offset, p.offset + p.size));
        expect(asMap(p.xf)).toEqual(want.xf);
        for (const key of ['commands', 'bp', 'xf', 'cp'] as const)
          expect(Object.getOwnPropertyDescriptor(p, key)).toMatchObject({ writable: true, enumerable: true });
        expect(p.commands.length).toBe(want.commands);
        expect(asMap(p.bp)).toEqual(want.bp);
        expect(asMap(p.cp)).toEqual(want.cp);
      }
      // Setting one first keeps the others decoded.
      const again = readJ3d(bytes).MDL3!.packets[0]!;
      again.commands = [];
      expect(again.commands).toEqual([]);
      expect(asMap(again.bp)).toEqual(stateOf(bytes.subarray(again.offset, again.offset + again.size)).bp);
    });
  }
});
