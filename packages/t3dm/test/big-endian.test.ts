/*
 * Strip command entries are written to the I chunk by WebAssembly (assembly/big-endian.ts, through
 * quantise-module.ts's writeBigEndian16). The bytes must be those of the loop the writer had in JavaScript,
 * written out here: each entry's `e >> 8` then `e & 0xff` into the bytes from its command's offset (a Uint8Array
 * keeping the low 8 bits), for entries of any i32 (restart bits, negative and wide values), commands of any
 * length (none too), and the bytes between commands left as they were.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeBigEndian16 } from '../src/from-scene/quantise-module.js';

function plain(commands: Int32Array[], at: number[], indices: Uint8Array): void {
  for (let c = 0; c < commands.length; c++) {
    let end = at[c]!;
    for (const e of commands[c]!) {
      indices[end++] = e >> 8;
      indices[end++] = e & 0xff;
    }
  }
}

describe('writeBigEndian16', () => {
  const random = seededRandom(29);

  it('writes each entry as the JavaScript loop did', () => {
    for (let run = 0; run < 100; run++) {
      const commands: Int32Array[] = [];
      const at: number[] = [];
      let end = Math.floor(random() * 9);
      for (let c = Math.floor(random() * 12); c > 0; c--) {
        const wide = random() < 0.3;
        const command = Int32Array.from({ length: Math.floor(random() * 40) }, () =>
          wide ? Math.floor(random() * 2 ** 32) - 2 ** 31 : Math.floor(random() * 70) | (random() < 0.2 ? 0x8000 : 0),
        );
        end = Math.ceil(end / 8) * 8;
        commands.push(command);
        at.push(end);
        end += command.length * 2 + Math.floor(random() * 5);
      }
      const fill = Uint8Array.from({ length: end + 8 }, () => Math.floor(random() * 256));
      const written = fill.slice();
      const expected = fill.slice();
      writeBigEndian16(commands, at, written);
      plain(commands, at, expected);
      expect(written).toEqual(expected);
    }
  });
});
