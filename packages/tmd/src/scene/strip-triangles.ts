/*
 * TMD triangle strips: one strip per piece, of mesh-global vertex indices, decoded per piece with the winding
 * parity restarting at each piece. For i = 2..n−1 and k = i−2: k even → (s[i−2], s[i−1], s[i]), k odd →
 * (s[i−2], s[i], s[i−1]). Triangles with a repeated index are the degenerate stitches between sub-strips and
 * are dropped. There is no restart index.
 */

/** The triangles of one piece's strip, as index triples (winding kept). */
export function stripTriangles(strip: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 2; i < strip.length; i++) {
    const a = strip[i - 2]!;
    const b = strip[i - 1]!;
    const c = strip[i]!;
    if (a === b || b === c || a === c) continue;
    if ((i - 2) % 2 === 0) out.push(a, b, c);
    else out.push(a, c, b);
  }
  return out;
}

/** The triangles of a TMD mesh as mesh-global index triples: every piece's strip decoded in piece order. */
export function meshTriangles(mesh: { pieces: { strip: ArrayLike<number> }[] }): number[] {
  return mesh.pieces.flatMap((p) => stripTriangles(p.strip));
}
