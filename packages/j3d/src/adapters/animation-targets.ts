/*
 * What a J3D model offers its animations, and what each J3D animation file drives, so that transcode can match
 * the animation files of an archive to its models: a joint animation (BCK, BCA) has one track per joint, in
 * JNT1 order, so it fits a model with that many joints; the material animations (BTK, BRK, BPK, BTP) name the
 * materials they drive, and JSystem binds them by those names; a visibility animation (BVA) has one run per shape,
 * in SHP1 order. Which clip each file plays in is clip-names.ts.
 */
import type { AnimationTargets } from '@retromodel/scene';
import { readBca } from '../anim/read-bca.js';
import { readBck } from '../anim/read-bck.js';
import { readBpk } from '../anim/read-bpk.js';
import { readBrk } from '../anim/read-brk.js';
import { readBtk } from '../anim/read-btk.js';
import { readBtp } from '../anim/read-btp.js';
import { readBva } from '../anim/read-bva.js';
import { readJ3d } from '../read-j3d.js';
import { animationKind, j3dClipNames } from './clip-names.js';

/** The materials an animation file's entries name, once each. */
const namesOf = (entries: { materialName: string }[]) => [...new Set(entries.map((e) => e.materialName))];

/** The joints, material names and shapes of a BMD/BDL model. */
function modelTargets(bytes: Uint8Array): AnimationTargets {
  const file = readJ3d(bytes);
  return { joints: file.JNT1.joints.length, materials: file.MAT3.names, shapes: file.SHP1.shapes.length };
}

/** What a J3D animation file drives; undefined for any other file. */
function animationTargets(bytes: Uint8Array): AnimationTargets | undefined {
  switch (animationKind(bytes)) {
    case 'bck':
      return { joints: readBck(bytes).joints.length };
    case 'bca':
      return { joints: readBca(bytes).joints.length };
    case 'btk':
      return { materials: namesOf(readBtk(bytes).entries) };
    case 'brk':
      return { materials: namesOf(readBrk(bytes).entries) };
    case 'bpk':
      return { materials: namesOf(readBpk(bytes).entries) };
    case 'btp':
      return { materials: namesOf(readBtp(bytes).entries) };
    case 'bva':
      return { shapes: readBva(bytes).shapes.length };
    default:
      return undefined;
  }
}

/** The clip each animation file plays in (clip-names.ts), by file name and bytes. */
function clipNames(files: readonly { name: string; bytes: Uint8Array }[]): string[] {
  return j3dClipNames(files.map((f) => ({ name: f.name, kind: animationKind(f.bytes) })));
}

/** The J3D codec's `animationTargets`. */
export const j3dAnimationTargets = { model: modelTargets, animation: animationTargets, clipNames };
