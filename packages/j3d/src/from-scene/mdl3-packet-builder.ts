/*
 * An MDL3 packet being built (spec j3d.md §10): GX FIFO commands, BP `0x61 reg u24` (5 bytes; register 0xFE
 * sets the bit mask of the next BP write), XF `0x10 u16 count−1 u16 address count×u32` (5 + 4·count bytes),
 * CP `0x08 reg u32` (6 bytes). The byte offset of each command is tracked for the subpacket table.
 */
import type { Mdl3Command } from '../chunks/read-mdl3.js';

/** Commands in order, with the packet's size so far. */
export class PacketBuilder {
  readonly commands: Mdl3Command[] = [];
  /** Bytes written so far (where the next command starts). */
  offset = 0;

  /** A BP register write (24-bit value). */
  bp(register: number, value: number): void {
    this.commands.push({ kind: 'BP', address: register, values: [value & 0xffffff] });
    this.offset += 5;
  }

  /** A BP write that only changes the bits of `mask` (the 0xFE mask command, then the write). */
  bpMasked(mask: number, register: number, value: number): void {
    this.bp(0xfe, mask);
    this.bp(register, value);
  }

  /** An XF write of consecutive 32-bit values from `address`. */
  xf(address: number, values: number[]): void {
    if (values.length === 0) return;
    this.commands.push({ kind: 'XF', address, values: values.map((v) => v >>> 0) });
    this.offset += 5 + 4 * values.length;
  }
}

const f32 = new DataView(new ArrayBuffer(4));

/** The IEEE-754 single-precision bits of `v`. */
export function floatBits(v: number): number {
  f32.setFloat32(0, v);
  return f32.getUint32(0);
}

/** `v` as a signed field of `bits` bits (two's complement, masked). */
export function signedField(v: number, bits: number): number {
  return v & ((1 << bits) - 1);
}
