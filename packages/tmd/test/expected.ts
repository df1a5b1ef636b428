/*
 * Loads the OpenJPOG Java reader's dumps (`expected/*.json`) and the jpog-blender-style summary
 * (`expected/blender_style_parse.txt`) that sit beside the shared TMD fixtures.
 */
import { readFileSync } from 'node:fs';
import { fixture } from '@retromodel/test-utils';

export interface ExpectedVertex {
  pos: number[];
  nrm: number[];
  w: number[];
  b: number[];
  uv: number[];
  nodes: [string, number][];
}

export interface ExpectedPiece {
  stripLen: number;
  vertCount: number;
  vertsRequired: number;
  boneNodeIds: number[];
  bboxCenter: number[];
  bboxExtents: number[];
  strip: number[];
  verts: ExpectedVertex[];
}

export interface ExpectedMesh {
  material: string;
  pieceCount: number;
  totalStrip: number;
  totalVerts: number;
  triangles: number;
  pieces: ExpectedPiece[];
  trianglesList: number[][];
}

export interface ExpectedTmd {
  size: number;
  header: {
    category: string;
    versionMagic: number;
    sceneBlockSize: number;
    salt: number;
    unk2_1: number;
    unk2_2: number;
    fileLength: number;
    numNodes: number;
    numAnimations: number;
    numS1: number;
    numS2: number;
    nodeHeaderOffset: number;
    nodeArrayOffset: number;
    animationDataOffset: number;
    meshBlockOffset: number;
    hasAuxNodeData: boolean;
  };
  nodes: {
    id: number;
    name: string;
    nameLenByte: number;
    parent: number;
    noMesh: boolean;
    quat: number[];
    translation: number[];
    bindFileOrder: number[];
    invBindFileOrder: number[];
  }[];
  animations: {
    name: string;
    flagA: boolean;
    flagB: boolean;
    unk3: number;
    length: number;
    channels: {
      node: number;
      flags: number;
      frames: number;
      keys: { t: number; posKey: number; rotKey: number; pos: number[]; rot: number[] }[];
    }[];
  }[];
  lodHeader: { asInt: number; asFloat: number };
  lods: { unk1: number; unk2: number[]; meshes: ExpectedMesh[] }[];
}

/** The Java reader's dump of a fixture (`name` with extension), or its exception. */
export function loadExpected<T = ExpectedTmd>(name: string): T {
  return JSON.parse(readFileSync(fixture('tmd', 'expected', `${name}.json`), 'utf8')) as T;
}

export interface BlenderSummary {
  tkl: string;
  remaining_ok: boolean;
  salt: number;
  nodes: string[];
  /** (name, flagA, flagB, u32 +24, duration, [(flags, frames) per node]) */
  anims: [string, number, number, number, number, [number, number][]][];
  lodHeader: number;
  /** Per level, per mesh: (material, pieceCount, totalStripLen, totalVerts, Σ vertCount, triangles). */
  lods: [string, number, number, number, number, number][][];
}

/** The second reader's one-line summary of a TMD fixture. */
export function loadBlenderSummary(name: string): BlenderSummary {
  const line = readFileSync(fixture('tmd', 'expected', 'blender_style_parse.txt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no summary line for ${name}`);
  const literal = line
    .slice(name.length + 1)
    .replace(/'/g, '"')
    .replace(/\(/g, '[')
    .replace(/\)/g, ']')
    .replace(/True/g, 'true')
    .replace(/False/g, 'false');
  return JSON.parse(literal) as BlenderSummary;
}
