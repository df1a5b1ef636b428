/*
 * Compares two scenes field by field, numbers within a tolerance. An RGBA8 image compares equal to an
 * encoded PNG whose decoded pixels match (the writer turns pixels into PNG; the reader keeps PNGs encoded),
 * and its mipmaps are ignored (glTF has no place for them). Typed arrays must keep their type.
 */
import { decodePng } from '@retromodel/gltf';
import type { Image, Scene } from '@retromodel/scene';
import { expect } from 'vitest';

function isTyped(v: unknown): v is ArrayLike<number> & ArrayBufferView {
  return ArrayBuffer.isView(v) && !(v instanceof DataView);
}

function compareImage(actual: Image, expected: Image, path: string, problems: string[]): void {
  if (expected.kind === 'rgba8') {
    const decoded = actual.kind === 'encoded' ? decodePng(actual.data) : actual;
    if (actual.kind === 'encoded' && (actual.width !== expected.width || actual.height !== expected.height))
      problems.push(`${path}: header size ${actual.width}×${actual.height}`);
    if (decoded.width !== expected.width || decoded.height !== expected.height)
      problems.push(`${path}: size ${decoded.width}×${decoded.height} ≠ ${expected.width}×${expected.height}`);
    else if (!decoded.pixels.every((v, i) => v === expected.pixels[i])) problems.push(`${path}: pixels differ`);
    const { kind: _k, pixels: _p, mipmaps: _m, width: _w, height: _h, ...restE } = expected;
    const { kind: _k2, width: _w2, height: _h2, ...restA } = actual as unknown as Record<string, unknown>;
    delete restA.pixels;
    delete restA.data;
    delete restA.mimeType;
    compare(restA, restE, path, problems, 0);
    return;
  }
  compare(actual, expected, path, problems, 0);
}

function compare(actual: unknown, expected: unknown, path: string, problems: string[], tolerance: number): void {
  if (problems.length > 20) return;
  if (isTyped(expected)) {
    if (!isTyped(actual) || actual.constructor !== expected.constructor) {
      problems.push(
        `${path}: ${isTyped(actual) ? actual.constructor.name : typeof actual} ≠ ${expected.constructor.name}`,
      );
      return;
    }
    if (actual.length !== expected.length) {
      problems.push(`${path}: length ${actual.length} ≠ ${expected.length}`);
      return;
    }
    for (let i = 0; i < expected.length; i++) {
      if (!(Math.abs(actual[i]! - expected[i]!) <= tolerance)) {
        problems.push(`${path}[${i}]: ${actual[i]} ≠ ${expected[i]}`);
        return;
      }
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      problems.push(`${path}: ${JSON.stringify(actual)?.slice(0, 80)} ≠ array of ${expected.length}`);
      return;
    }
    for (const [i, e] of expected.entries()) compare(actual[i], e, `${path}[${i}]`, problems, tolerance);
    return;
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') {
      problems.push(`${path}: ${String(actual)} ≠ object`);
      return;
    }
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = new Set(
      [...Object.keys(a), ...Object.keys(e)].filter((k) => a[k] !== undefined || e[k] !== undefined),
    );
    for (const k of keys) {
      compare(a[k], e[k], `${path}.${k}`, problems, tolerance);
    }
    return;
  }
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (!(Math.abs(actual - expected) <= tolerance)) problems.push(`${path}: ${actual} ≠ ${expected}`);
    return;
  }
  if (actual !== expected) problems.push(`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}

/** Nodes with glTF's default TRS filled in where absent (a writer may leave out near-identity values). */
function withDefaultTrs(scene: Scene): Scene['nodes'] {
  return scene.nodes.map((n) => ({ translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1], ...n }));
}

/** Lists the differences between two scenes (empty when equal within `tolerance`). */
export function sceneDifferences(actual: Scene, expected: Scene, tolerance = 1e-5): string[] {
  const problems: string[] = [];
  const { images: ia, nodes: _na, ...restA } = actual;
  const { images: ie, nodes: _ne, ...restE } = expected;
  compare(restA, restE, 'scene', problems, tolerance);
  compare(withDefaultTrs(actual), withDefaultTrs(expected), 'scene.nodes', problems, tolerance);
  if (ia.length !== ie.length) problems.push(`scene.images: ${ia.length} ≠ ${ie.length}`);
  else for (const [i, img] of ie.entries()) compareImage(ia[i]!, img, `scene.images[${i}]`, problems);
  return problems;
}

/** Asserts two scenes are equal within float tolerance (see sceneDifferences). */
export function expectSceneClose(actual: Scene, expected: Scene, tolerance = 1e-5): void {
  expect(sceneDifferences(actual, expected, tolerance)).toEqual([]);
}
