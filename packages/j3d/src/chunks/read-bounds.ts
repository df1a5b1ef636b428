/*
 * Bounds checks on the read path that build no text unless they fail. BinaryReader's checkCount formats its
 * message ("what (count × size bytes)") on every call, and a `what` made from a template is formatted by the
 * caller every call too: for small models, a few hundred such strings a file cost more than the checks. These
 * call checkCount or ensure only when it will throw, so the errors are still theirs, word for word. A `what`
 * that names a shape or texture is made in the caller's failing branch (`if (!fits(…)) r.ensure(…)`): a
 * closure passed in to make it was itself an allocation per check.
 */
import type { BinaryReader } from '@retromodel/binary';

/** True when `size` bytes at `offset` lie inside `r` (what BinaryReader.ensure accepts). */
export function fits(r: BinaryReader, size: number, offset: number): boolean {
  return Number.isInteger(size) && size >= 0 && offset >= 0 && offset <= r.length && size <= r.length - offset;
}

/** True when `count` elements of `elementSize` bytes at `offset` lie inside `r` (what checkCount accepts). */
export function countFits(r: BinaryReader, count: number, elementSize: number, offset: number): boolean {
  return Number.isInteger(count) && count >= 0 && fits(r, count * elementSize, offset);
}

/** r.checkCount(count, elementSize, what, offset), its message made only when it throws. */
export function checkCountAt(r: BinaryReader, count: number, elementSize: number, what: string, offset: number): void {
  if (!countFits(r, count, elementSize, offset)) r.checkCount(count, elementSize, what, offset);
}

/** r.ensure(size, what, offset), its message made only when it throws. */
export function ensureAt(r: BinaryReader, size: number, what: string, offset: number): void {
  if (!fits(r, size, offset)) r.ensure(size, what, offset);
}
