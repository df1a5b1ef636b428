/*
 * TMD animations. The animation table is u32 salted pointers [numAnimations]; each points to a record:
 * +0 u8 name length, +1 char[15] name, +16 u32 flag A (composite), +20 u32 flag B (sound), +24 u32 (node
 * count by jpog-blender's writer), +28 f32 duration (s), +32 u32 salted channel pointer for EVERY node.
 * A channel is u16 flags, u16 frameCount, then frameCount × { f32 time, u16 posKey, u16 rotKey }.
 * Records and channels that several pointers share are read once; the distinct data read may not exceed the
 * file's size, so crafted aliasing cannot make the reader loop or allocate without bound.
 */
import { BinaryReader, ParseError } from '@retromodel/binary';
import type { FileSection } from '@retromodel/scene';
import { fieldName, keptField } from './name-field.js';
import type { TmdAnimation, TmdChannel, TmdPointer } from './tmd-file.js';
import { resolveTmdPointer } from './tmd-pointers.js';

const RECORD_HEAD = 32;
const KEY_SIZE = 8;

interface Budget {
  left: number;
}

function spend(budget: Budget, size: number, section: string, at: number): void {
  budget.left -= size;
  if (budget.left < 0) {
    throw new ParseError(
      { format: 'tmd', section, offset: at },
      'animation records and channels overlap so much that they would read more data than the file holds',
    );
  }
}

function readChannel(bytes: Uint8Array, offset: number, budget: Budget): TmdChannel {
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'tmd', section: 'channel' });
  r.seek(offset);
  const flags = r.u16();
  const frames = r.u16();
  r.checkCount(frames, KEY_SIZE, 'channel keys');
  spend(budget, 4 + frames * KEY_SIZE, 'channel', offset);
  const times = new Float32Array(frames);
  const positionKeys = new Uint16Array(frames);
  const rotationKeys = new Uint16Array(frames);
  for (let k = 0; k < frames; k++) {
    times[k] = r.f32();
    positionKeys[k] = r.u16();
    rotationKeys[k] = r.u16();
  }
  return { offset, flags, times, positionKeys, rotationKeys };
}

/**
 * Reads the animation table at `tableOffset` and every animation and channel it leads to; the table and each
 * animation read (`animation <n> "<name>"`, its record) are added to `read`.
 */
export function readTmdAnimations(
  bytes: Uint8Array,
  tableOffset: number,
  numAnimations: number,
  numNodes: number,
  salt: number,
  read: FileSection[] = [],
): TmdAnimation[] {
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'tmd', section: 'animation table' });
  r.seek(tableOffset);
  r.checkCount(numAnimations, 4, 'animation pointers');
  read.push({ name: 'animation table', offset: tableOffset, size: 4 * numAnimations });
  const recordSize = RECORD_HEAD + 4 * numNodes;
  const budget: Budget = { left: bytes.length };
  const records = new Map<number, TmdAnimation>();
  const channels = new Map<number, TmdChannel>();
  const out: TmdAnimation[] = [];
  for (let a = 0; a < numAnimations; a++) {
    const at = tableOffset + a * 4;
    const ptr = resolveTmdPointer(bytes, at, r.u32(), salt, 'animation', recordSize);
    let anim = records.get(ptr.offset);
    if (!anim) {
      spend(budget, recordSize, 'animation', ptr.offset);
      anim = readRecord(bytes, ptr.offset, numNodes, salt, channels, budget);
      records.set(ptr.offset, anim);
    }
    out.push(anim);
    read.push({ name: `animation ${a} "${anim.name}"`, offset: anim.offset, size: recordSize });
  }
  return out;
}

function readRecord(
  bytes: Uint8Array,
  offset: number,
  numNodes: number,
  salt: number,
  channels: Map<number, TmdChannel>,
  budget: Budget,
): TmdAnimation {
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'tmd', section: 'animation' });
  r.seek(offset);
  const nameLength = r.u8();
  const nameField = r.bytesView(15, 'name');
  const name = fieldName(nameField);
  const flagA = r.u32();
  const flagB = r.u32();
  const unk3 = r.u32();
  const duration = r.f32();
  const channelPointers: TmdPointer[] = [];
  const list: TmdChannel[] = [];
  for (let n = 0; n < numNodes; n++) {
    const at = r.offset;
    const ptr = resolveTmdPointer(bytes, at, r.u32(), salt, 'channel', 4);
    channelPointers.push(ptr);
    let channel = channels.get(ptr.offset);
    if (!channel) {
      channel = readChannel(bytes, ptr.offset, budget);
      channels.set(ptr.offset, channel);
    }
    list.push(channel);
  }
  const anim: TmdAnimation = {
    offset,
    nameLength,
    name,
    flagA,
    flagB,
    unk3,
    duration,
    channelPointers,
    channels: list,
  };
  const kept = keptField(nameField);
  if (kept) anim.nameField = kept;
  return anim;
}
