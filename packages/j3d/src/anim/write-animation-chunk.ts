/*
 * Writing a J3D animation file, the mirror of readAnimationChunk and readAnimationLayout (spec j3d.md §12;
 * packages/j3d/docs/animation-tables.md): the 0x20-byte file header ("J3D1" + kind, u32 file size, u32 section
 * count 1, 16 bytes sub-version), then the one chunk (tag, u32 size, the header fields from 0x08, then its parts).
 * The parts are written in the order the file's layout stored them. Each part starts where the layout had it when
 * the writer stands where the part stored before it ended (then the bytes stored between them are written back),
 * and otherwise at the next multiple of its alignment, the gap filled with the start of Nintendo's padding text "This is padding data to alignment.",
 * restarted in every gap. The chunk ends with the layout's last gap and size fields when the writer ends where the
 * file's data ended; otherwise it is padded to 0x20 with the text, and its size field counts the padding (TTK1:
 * it stops after the empty name table Nintendo's tool leaves after the data, see ChunkEnd).
 */
import { BinaryWriter } from '@retromodel/binary';
import { j3dPaddingTexts, paddingBytes } from '../chunks/read-mat3-layout.js';
import { type AnimationLayout, storedOrder } from './animation-layout.js';
import type { J3dAnimationHeader } from './animation-track.js';

const nintendoPadding = paddingBytes(j3dPaddingTexts[0]);

/**
 * How a chunk ends when the layout does not give its end: `trailer` bytes after the data (TTK1: an empty name
 * table), padding to `align` and then to 0x20, and a size field that counts the padding or (`sizeToData`) stops
 * after the trailer.
 */
export interface ChunkEnd {
  trailer?: readonly number[];
  align?: number;
  sizeToData?: boolean;
}

/** One part of a chunk: its slot (the writer's numbering, 0 = the header), its alignment and how it is written. */
export interface ChunkPart {
  slot: number;
  align: number;
  write: () => void;
}

/** A J3D animation chunk being written: tag and size first, then the header fields and the parts. */
export class AnimationChunkWriter {
  readonly w = new BinaryWriter({ initialSize: 0x400 });
  /** The part written last (0: the header). */
  private part = 0;
  /** The layout's slots in stored order. */
  private readonly stored: number[];

  constructor(
    tag: string,
    private readonly layout: AnimationLayout | undefined,
  ) {
    this.stored = layout ? storedOrder(layout.parts) : [];
    this.w.string(tag, { terminate: false }).u32(0);
  }

  /** Writes `count` bytes of the padding text (from its start). */
  private pad(count: number): void {
    for (let i = 0; i < count; i++) this.w.u8(nintendoPadding[i % nintendoPadding.length]!);
  }

  /**
   * Writes header bytes no model field holds (offsets `at`..`at + length` of the chunk): as the file stored them
   * when it was read, else `fill`.
   */
  reserved(length: number, fill: number): void {
    const at = this.w.offset - 0x08;
    const stored = this.layout?.header;
    for (let i = 0; i < length; i++) this.w.u8(stored && at + i < stored.length ? stored[at + i]! : fill);
  }

  /** The u32 the file's header held at chunk offset `at`, when a layout has it. */
  storedHeaderU32(at: number): number | undefined {
    const stored = this.layout?.header;
    if (!stored || at - 0x08 + 4 > stored.length) return undefined;
    return new DataView(stored.buffer, stored.byteOffset, stored.byteLength).getUint32(at - 0x08);
  }

  /** Whether the writer stands where part `slot` of the layout ended and the layout stored `next` after it. */
  private followsStored(slot: number, next: number | undefined): boolean {
    if (this.layout?.parts[slot]?.end !== this.w.offset) return false;
    const i = this.stored.indexOf(slot);
    return this.stored[i + 1] === next;
  }

  /**
   * Writes the parts after the header, in the order the layout stored them (parts it lacks after those), else
   * in the order given. Returns each part's chunk offset by slot (0 for a part not written).
   */
  writeParts(parts: readonly ChunkPart[]): number[] {
    const rank = (p: ChunkPart) => {
      const i = this.stored.indexOf(p.slot);
      return i < 0 ? this.stored.length + parts.indexOf(p) : i;
    };
    const ordered = this.layout ? [...parts].sort((a, b) => rank(a) - rank(b)) : parts;
    const offsets: number[] = [];
    for (const p of ordered) {
      if (this.followsStored(this.part, p.slot)) this.w.bytes(this.layout!.gaps[this.part]!);
      else this.pad((p.align - (this.w.offset % p.align)) % p.align);
      this.part = p.slot;
      offsets[p.slot] = this.w.offset;
      p.write();
    }
    return Array.from({ length: Math.max(0, ...parts.map((p) => p.slot + 1)) }, (_, slot) => offsets[slot] ?? 0);
  }

  /**
   * Ends the chunk: the layout's last gap and sizes when the writer stands where the file's data ended, else as
   * `end` says. Returns the chunk and the file size field.
   */
  finish(end: ChunkEnd = {}): { bytes: Uint8Array; fileSize: number } {
    const layout = this.layout;
    let chunkSize: number;
    let fileSize: number;
    if (layout && this.followsStored(this.part, undefined)) {
      this.w.bytes(layout.gaps[this.part]!);
      chunkSize = layout.chunkSize;
      fileSize = layout.fileSize;
    } else {
      this.w.bytes(end.trailer ?? []);
      const dataEnd = this.w.offset;
      const align = end.align ?? 1;
      this.pad((align - (this.w.offset % align)) % align);
      this.pad((0x20 - (this.w.offset % 0x20)) % 0x20);
      chunkSize = end.sizeToData ? dataEnd : this.w.offset;
      fileSize = 0x20 + this.w.offset;
    }
    this.w.patchU32(4, chunkSize);
    return { bytes: this.w.finish(), fileSize };
  }
}

/** The file: the 0x20-byte header of `header` (kind, sub-version) and the chunk. */
export function animationFile(header: J3dAnimationHeader, chunk: { bytes: Uint8Array; fileSize: number }): Uint8Array {
  const w = new BinaryWriter({ initialSize: 0x20 + chunk.bytes.length });
  w.string(`J3D1${header.kind}`, { terminate: false }).u32(chunk.fileSize).u32(1);
  w.bytes(Array.from(header.subVersion.padEnd(16, '\xff').slice(0, 16), (c) => c.charCodeAt(0) & 0xff));
  w.bytes(chunk.bytes);
  return w.finish();
}
