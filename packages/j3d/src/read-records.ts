/*
 * The constructors of the records readJ3d's result is made of (all but MAT3's), one per record type, each
 * setting the fields in the order the type lists them (key order shows in keys, JSON and writers).
 * Records are made with `new` of these, not as object literals, so that V8 allocates them young even in a
 * process that has read and kept many models (see @retromodel/binary's plain-records.ts); they are plain
 * objects all the same. Arrays are made so too (see young-arrays.ts).
 */
import { plainRecord } from '@retromodel/binary';
import type { Diagnostic, Vec3 } from '@retromodel/scene';
import type { BtiHeader } from './bti/bti-header.js';
import { s16be, u16be, u32be } from './chunks/read-be.js';
import type { Drw1, Drw1Layout, J3dDrawMatrix } from './chunks/read-drw1.js';
import type { Evp1, Evp1Layout, J3dEnvelope } from './chunks/read-evp1.js';
import type { Inf1, Inf1Layout, J3dHierarchyNode, J3dMatrixCalc } from './chunks/read-inf1.js';
import type { J3dJoint, Jnt1, Jnt1Layout } from './chunks/read-jnt1.js';
import type { Mat3 } from './chunks/read-mat3.js';
import type { J3dShape, J3dShapeMatrixType, J3dShapePacket, Shp1 } from './chunks/read-shp1.js';
import type { J3dTexture, Tex1, Tex1Layout } from './chunks/read-tex1.js';
import type { J3dVertexArray, J3dVertexArrayName, J3dVertexFormat, Vtx1 } from './chunks/read-vtx1.js';
import type { Shp1ShapeLayout } from './chunks/shp1-layout.js';
import type { Vtx1ArraySpan } from './chunks/vtx1-layout.js';
import type {
  GxPrimitive,
  GxPrimitiveType,
  GxVertexAttribute,
  GxVertexColumn,
  GxVertexLayout,
} from './gx/display-list.js';
import type { J3dChunkInfo, J3dFile } from './j3d-file.js';

export const J3dFileRecord = plainRecord(function (
  this: J3dFile,
  kind: J3dFile['kind'],
  fileSize: number,
  sectionCount: number,
  subVersion: string,
  chunks: J3dChunkInfo[],
  INF1: Inf1,
  VTX1: Vtx1,
  EVP1: Evp1,
  DRW1: Drw1,
  JNT1: Jnt1,
  SHP1: Shp1,
  MAT3: Mat3,
  TEX1: Tex1,
  diagnostics: Diagnostic[],
) {
  this.kind = kind;
  this.fileSize = fileSize;
  this.sectionCount = sectionCount;
  this.subVersion = subVersion;
  this.chunks = chunks;
  this.INF1 = INF1;
  this.VTX1 = VTX1;
  this.EVP1 = EVP1;
  this.DRW1 = DRW1;
  this.JNT1 = JNT1;
  this.SHP1 = SHP1;
  this.MAT3 = MAT3;
  this.TEX1 = TEX1;
  this.diagnostics = diagnostics;
});

export const ChunkInfo = plainRecord(function (this: J3dChunkInfo, tag: string, offset: number, size: number) {
  this.tag = tag;
  this.offset = offset;
  this.size = size;
});

// INF1

export const Inf1Record = plainRecord(function (
  this: Inf1,
  loadFlags: number,
  matrixCalc: J3dMatrixCalc,
  mtxGroupCount: number,
  vertexCount: number,
  hierarchyOffset: number,
  hierarchy: J3dHierarchyNode[],
  layout: Inf1Layout,
) {
  this.loadFlags = loadFlags;
  this.matrixCalc = matrixCalc;
  this.mtxGroupCount = mtxGroupCount;
  this.vertexCount = vertexCount;
  this.hierarchyOffset = hierarchyOffset;
  this.hierarchy = hierarchy;
  this.layout = layout;
});

export const HierarchyNode = plainRecord(function (this: J3dHierarchyNode, type: number, index: number) {
  this.type = type;
  this.index = index;
});

export const Inf1LayoutRecord = plainRecord(function (
  this: Inf1Layout,
  headerPad: number,
  endIndex: number,
  padding: string,
) {
  this.headerPad = headerPad;
  this.endIndex = endIndex;
  this.padding = padding;
});

// VTX1

/** A VTX1 chunk without its layout (added by the reader as a lazy property, after these keys). */
export const Vtx1Record = plainRecord(function (
  this: Vtx1,
  formatOffset: number,
  dataOffsets: number[],
  formats: J3dVertexFormat[],
  arrays: Vtx1['arrays'],
) {
  this.formatOffset = formatOffset;
  this.dataOffsets = dataOffsets;
  this.formats = formats;
  this.arrays = arrays;
});

export const VertexFormat = plainRecord(function (
  this: J3dVertexFormat,
  attr: number,
  compCount: number,
  compType: number,
  frac: number,
) {
  this.attr = attr;
  this.compCount = compCount;
  this.compType = compType;
  this.frac = frac;
});

/** VTX1's arrays by name: empty, each array added under its name as it is read. */
export const VertexArrays = plainRecord(function (this: Vtx1['arrays']) {});

export const VertexArray = plainRecord(function (
  this: J3dVertexArray,
  name: J3dVertexArrayName,
  format: J3dVertexFormat,
  dataOffset: number,
  elementSize: number,
  count: number,
  itemSize: number,
  data: Float32Array,
) {
  this.name = name;
  this.format = format;
  this.dataOffset = dataOffset;
  this.elementSize = elementSize;
  this.count = count;
  this.itemSize = itemSize;
  this.data = data;
});

export const VertexArraySpan = plainRecord(function (
  this: Vtx1ArraySpan,
  name: J3dVertexArrayName,
  dataOffset: number,
  elementSize: number,
) {
  this.name = name;
  this.dataOffset = dataOffset;
  this.elementSize = elementSize;
});

// EVP1

export const Evp1Record = plainRecord(function (
  this: Evp1,
  envelopes: J3dEnvelope[],
  inverseBinds: Float32Array,
  inverseBindCount: number,
  layout: Evp1Layout,
) {
  this.envelopes = envelopes;
  this.inverseBinds = inverseBinds;
  this.inverseBindCount = inverseBindCount;
  this.layout = layout;
});

export const Envelope = plainRecord(function (this: J3dEnvelope, joints: number[], weights: number[]) {
  this.joints = joints;
  this.weights = weights;
});

export const Evp1LayoutRecord = plainRecord(function (
  this: Evp1Layout,
  headerPad: number,
  offsets: Evp1Layout['offsets'],
  counts: Evp1Layout['counts'],
  padding: string,
) {
  this.headerPad = headerPad;
  this.offsets = offsets;
  this.counts = counts;
  this.padding = padding;
});

// DRW1

export const Drw1Record = plainRecord(function (this: Drw1, entries: J3dDrawMatrix[], layout: Drw1Layout) {
  this.entries = entries;
  this.layout = layout;
});

export const DrawMatrix = plainRecord(function (this: J3dDrawMatrix, weighted: boolean, index: number) {
  this.weighted = weighted;
  this.index = index;
});

export const Drw1LayoutRecord = plainRecord(function (
  this: Drw1Layout,
  headerPad: number,
  offsets: Drw1Layout['offsets'],
  count: number,
  padding: string,
) {
  this.headerPad = headerPad;
  this.offsets = offsets;
  this.count = count;
  this.padding = padding;
});

// JNT1

export const Jnt1Record = plainRecord(function (
  this: Jnt1,
  joints: J3dJoint[],
  remap: number[],
  dataOffset: number,
  layout: Jnt1Layout,
) {
  this.joints = joints;
  this.remap = remap;
  this.dataOffset = dataOffset;
  this.layout = layout;
});

export const Joint = plainRecord(function (
  this: J3dJoint,
  name: string,
  kind: number,
  scaleCompensate: number,
  scale: Vec3,
  rotationRaw: Vec3,
  rotation: Vec3,
  translation: Vec3,
  boundingRadius: number,
  bboxMin: Vec3,
  bboxMax: Vec3,
) {
  this.name = name;
  this.kind = kind;
  this.scaleCompensate = scaleCompensate;
  this.scale = scale;
  this.rotationRaw = rotationRaw;
  this.rotation = rotation;
  this.translation = translation;
  this.boundingRadius = boundingRadius;
  this.bboxMin = bboxMin;
  this.bboxMax = bboxMax;
});

export const Jnt1LayoutRecord = plainRecord(function (
  this: Jnt1Layout,
  headerPad: number,
  offsets: Jnt1Layout['offsets'],
  jointPads: [number, number][],
  padding: string,
) {
  this.headerPad = headerPad;
  this.offsets = offsets;
  this.jointPads = jointPads;
  this.padding = padding;
});

// SHP1

/** A SHP1 chunk without its layout (added by the reader as a lazy property, after these keys). */
export const Shp1Record = plainRecord(function (
  this: Shp1,
  shapes: J3dShape[],
  remap: number[],
  vertexFormats: J3dVertexFormat[] | undefined,
) {
  this.shapes = shapes;
  this.remap = remap;
  this.vertexFormats = vertexFormats;
});

/** A shape (its `sendOrder`, when it has one, is added after these keys). */
export const Shape = plainRecord(function (
  this: J3dShape,
  matrixType: J3dShapeMatrixType,
  mtxTypeRaw: number,
  attributes: GxVertexAttribute[],
  vertexLayout: GxVertexLayout,
  boundingRadius: number,
  bboxMin: Vec3,
  bboxMax: Vec3,
  packets: J3dShapePacket[],
) {
  this.matrixType = matrixType;
  this.mtxTypeRaw = mtxTypeRaw;
  this.attributes = attributes;
  this.vertexLayout = vertexLayout;
  this.boundingRadius = boundingRadius;
  this.bboxMin = bboxMin;
  this.bboxMax = bboxMax;
  this.packets = packets;
});

export const ShapePacket = plainRecord(function (
  this: J3dShapePacket,
  useMtxIndex: number,
  matrixTable: number[],
  displayListOffset: number,
  displayListSize: number,
  primitives: GxPrimitive[],
  indices: Uint16Array,
  values: Float32Array,
  displayList: Uint8Array,
) {
  this.useMtxIndex = useMtxIndex;
  this.matrixTable = matrixTable;
  this.displayListOffset = displayListOffset;
  this.displayListSize = displayListSize;
  this.primitives = primitives;
  this.indices = indices;
  this.values = values;
  this.displayList = displayList;
});

export const ShapeLayout = plainRecord(function (
  this: Shp1ShapeLayout,
  descriptorOffset: number,
  firstGroup: number,
  firstPacket: number,
  pad8: number,
  pad16: number,
) {
  this.descriptorOffset = descriptorOffset;
  this.firstGroup = firstGroup;
  this.firstPacket = firstPacket;
  this.pad8 = pad8;
  this.pad16 = pad16;
});

// GX display lists (SHP1's shapes and packets)

export const VertexAttribute = plainRecord(function (this: GxVertexAttribute, attr: number, type: number) {
  this.attr = attr;
  this.type = type;
});

export const VertexLayout = plainRecord(function (
  this: GxVertexLayout,
  columns: GxVertexColumn[],
  indexStride: number,
  valueStride: number,
) {
  this.columns = columns;
  this.indexStride = indexStride;
  this.valueStride = valueStride;
});

export const VertexColumn = plainRecord(function (
  this: GxVertexColumn,
  attr: number,
  direct: boolean,
  offset: number,
  size: number,
) {
  this.attr = attr;
  this.direct = direct;
  this.offset = offset;
  this.size = size;
});

export const Primitive = plainRecord(function (
  this: GxPrimitive,
  type: GxPrimitiveType,
  opcode: number,
  vertexCount: number,
  first: number,
) {
  this.type = type;
  this.opcode = opcode;
  this.vertexCount = vertexCount;
  this.first = first;
});

// TEX1

export const Tex1Record = plainRecord(function (
  this: Tex1,
  textures: J3dTexture[],
  bytes: Uint8Array,
  offset: number,
  layout: Tex1Layout,
) {
  this.textures = textures;
  this.bytes = bytes;
  this.offset = offset;
  this.layout = layout;
});

/** A texture (its `palette`, when it has one, is added after these keys). */
export const Texture = plainRecord(function (
  this: J3dTexture,
  name: string,
  header: BtiHeader,
  headerOffset: number,
  data: Uint8Array,
) {
  this.name = name;
  this.header = header;
  this.headerOffset = headerOffset;
  this.data = data;
});

export const Tex1LayoutRecord = plainRecord(function (
  this: Tex1Layout,
  headerPad: number,
  headersOffset: number,
  namesOffset: number,
  count: number,
  padding: string,
) {
  this.headerPad = headerPad;
  this.headersOffset = headersOffset;
  this.namesOffset = namesOffset;
  this.count = count;
  this.padding = padding;
});

/** The BTI header of the 0x20 bytes at `h` of `b` (in bounds; see bti-header.ts for its fields). */
export const BtiHeaderRecord = plainRecord(function (this: BtiHeader, b: Uint8Array, h: number) {
  this.format = b[h]!;
  this.alphaEnabled = b[h + 0x01]!;
  this.width = u16be(b, h + 0x02);
  this.height = u16be(b, h + 0x04);
  this.wrapS = b[h + 0x06]!;
  this.wrapT = b[h + 0x07]!;
  this.hasPalette = b[h + 0x08]!;
  this.paletteFormat = b[h + 0x09]!;
  this.paletteCount = u16be(b, h + 0x0a);
  this.paletteOffset = u32be(b, h + 0x0c);
  this.mipmapEnabled = b[h + 0x10]!;
  this.edgeLod = b[h + 0x11]!;
  this.biasClamp = b[h + 0x12]!;
  this.maxAnisotropy = b[h + 0x13]!;
  this.minFilter = b[h + 0x14]!;
  this.magFilter = b[h + 0x15]!;
  this.minLod = (b[h + 0x16]! << 24) >> 24;
  this.maxLod = (b[h + 0x17]! << 24) >> 24;
  this.mipCount = b[h + 0x18]!;
  this.unknown0x19 = b[h + 0x19]!;
  this.lodBias = s16be(b, h + 0x1a);
  this.dataOffset = u32be(b, h + 0x1c);
});
