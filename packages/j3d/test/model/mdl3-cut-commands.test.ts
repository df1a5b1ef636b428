/*
 * An MDL3 packet whose stated size ends inside a FIFO command: the packet is walked here by the command
 * lengths of the GX FIFO (BP 0x61: 5 bytes, CP 0x08: 6, XF 0x10: 5 + 4 per value, NOP 0x00: 1), and for the
 * first command of each kind in the shared BDLs the packet is cut one byte into it, and for XF also one byte
 * into its values. readJ3d must refuse each with a ParseError in MDL3 at an offset inside that command.
 */
import { ParseError } from '@retromodel/binary';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/internal.js';

interface Command {
  op: number;
  start: number;
  end: number;
}

/** The MDL3 chunk's offset in a J3D file (chunks follow the 0x20-byte file header, each with tag and size). */
function mdl3Offset(view: DataView): number {
  for (let at = 0x20; at + 8 <= view.byteLength; at += view.getUint32(at + 4)) {
    if (view.getUint32(at) === 0x4d444c33) return at; // "MDL3"
  }
  throw new Error('no MDL3');
}

/** Every packet's size field and commands, offsets absolute. */
function packets(view: DataView): { sizeField: number; start: number; commands: Command[] }[] {
  const chunk = mdl3Offset(view);
  const count = view.getUint16(chunk + 0x08);
  const locations = chunk + view.getUint32(chunk + 0x0c);
  return Array.from({ length: count }, (_, i) => {
    const entry = locations + i * 8;
    const start = entry + view.getUint32(entry);
    const end = start + view.getUint32(entry + 4);
    const commands: Command[] = [];
    for (let at = start; at < end; ) {
      const op = view.getUint8(at);
      const length = op === 0x61 ? 5 : op === 0x08 ? 6 : op === 0x10 ? 5 + 4 * (view.getUint16(at + 1) + 1) : 1;
      if (op !== 0) commands.push({ op, start: at, end: at + length });
      at += length;
    }
    return { sizeField: entry + 4, start, commands };
  });
}

describe.skipIf(!haveFixtures)('MDL3 packets cut inside a command', () => {
  for (const path of listFixtures('j3d', /\.bdl$/)) {
    it(`${path.split('/').pop()}: a ParseError in MDL3 inside the cut command`, () => {
      const bytes = readFixture(path);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const cuts: { sizeField: number; size: number; command: Command }[] = [];
      for (const op of [0x61, 0x08, 0x10]) {
        const packet = packets(view).find((p) => p.commands.some((c) => c.op === op));
        if (!packet) continue;
        const command = packet.commands.find((c) => c.op === op)!;
        cuts.push({ sizeField: packet.sizeField, size: command.start + 1 - packet.start, command });
        if (op === 0x10) cuts.push({ sizeField: packet.sizeField, size: command.start + 6 - packet.start, command });
      }
      expect(cuts.length).toBeGreaterThanOrEqual(3);
      for (const { sizeField, size, command } of cuts) {
        const cut = bytes.slice();
        new DataView(cut.buffer).setUint32(sizeField, size);
        let error: unknown;
        try {
          readJ3d(cut);
        } catch (e) {
          error = e;
        }
        expect(error, `op 0x${command.op.toString(16)}`).toBeInstanceOf(ParseError);
        const { section, offset } = error as ParseError;
        expect(section).toBe('MDL3');
        expect(offset).toBeGreaterThanOrEqual(command.start);
        expect(offset).toBeLessThan(command.end);
      }
    });
  }
});
