/*
 * `M` chunk (T3DMaterial, 0x8C bytes): colorCombiner u64 @0, otherModeValue u64 @8, otherModeMask u64 @0x10,
 * blendMode u32 @0x18, renderFlags u32 @0x1C, unused u8 @0x20, fogMode u8 @0x21, setColorFlags u8 @0x22,
 * vertexFxFunc u8 @0x23, primColor/envColor/blendColor u8[4] @0x24/0x28/0x2C, name u32 @0x30,
 * textureA @0x34 and textureB @0x60 (T3DMaterialTexture, 0x2C each: texReference u32, texPath u32,
 * textureHash u32, texture u32, texWidth u16, texHeight u16, then axes s and t of 0x0C each:
 * low f32, high f32, mask s8, shift s8, mirror u8, clamp u8). low and high place the texture (the runtime's
 * tile translate and clamp size): a non-finite one is a ParseError.
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
import type { T3dmMaterial, T3dmMaterialAxis, T3dmMaterialTexture } from '../t3dm-file.js';

/** Payload size of an M chunk. */
export const MATERIAL_SIZE = 0x8c;

function readAxis(r: BinaryReader): T3dmMaterialAxis {
  const finite = (what: string) => {
    const v = r.f32();
    if (!Number.isFinite(v)) throw r.error(`texture axis ${what} is ${v}, not a finite number`, r.offset - 4);
    return v;
  };
  return { low: finite('low'), high: finite('high'), mask: r.s8(), shift: r.s8(), mirror: r.u8(), clamp: r.u8() };
}

function readTexture(r: BinaryReader): T3dmMaterialTexture {
  return {
    texReference: r.u32(),
    texPath: r.u32(),
    textureHash: r.u32(),
    texture: r.u32(),
    texWidth: r.u16(),
    texHeight: r.u16(),
    s: readAxis(r),
    t: readAxis(r),
  };
}

function readColor(r: BinaryReader): [number, number, number, number] {
  return [r.u8(), r.u8(), r.u8(), r.u8()];
}

/** Reads an M chunk at the reader's position. */
export function readMaterial(r: BinaryReader): T3dmMaterial {
  r.ensure(MATERIAL_SIZE, 'material');
  return {
    kind: 'material',
    colorCombiner: r.u64(),
    otherModeValue: r.u64(),
    otherModeMask: r.u64(),
    blendMode: r.u32(),
    renderFlags: r.u32(),
    unused: r.u8(),
    fogMode: r.u8(),
    setColorFlags: r.u8(),
    vertexFxFunc: r.u8(),
    primColor: readColor(r),
    envColor: readColor(r),
    blendColor: readColor(r),
    name: r.u32(),
    textureA: readTexture(r),
    textureB: readTexture(r),
  };
}

function writeAxis(w: BinaryWriter, a: T3dmMaterialAxis): void {
  w.f32(a.low).f32(a.high).s8(a.mask).s8(a.shift).u8(a.mirror).u8(a.clamp);
}

function writeTexture(w: BinaryWriter, t: T3dmMaterialTexture): void {
  w.u32(t.texReference).u32(t.texPath).u32(t.textureHash).u32(t.texture).u16(t.texWidth).u16(t.texHeight);
  writeAxis(w, t.s);
  writeAxis(w, t.t);
}

/** Writes an M chunk. */
export function writeMaterial(w: BinaryWriter, m: T3dmMaterial): void {
  w.u64(m.colorCombiner).u64(m.otherModeValue).u64(m.otherModeMask).u32(m.blendMode).u32(m.renderFlags);
  w.u8(m.unused).u8(m.fogMode).u8(m.setColorFlags).u8(m.vertexFxFunc);
  w.bytes(m.primColor).bytes(m.envColor).bytes(m.blendColor);
  w.u32(m.name);
  writeTexture(w, m.textureA);
  writeTexture(w, m.textureB);
}
