/*
 * A skinned test scene: a ribbon over a bent chain of 14 joints (rest bends on the s16 grid) whose skin binds it
 * straight (inverse binds that are not the inverses of the rest pose); vertices on one joint, between two, on
 * three, and one on four far-apart joints. Optionally a second mesh, one unit above, skinned to the same joints
 * with the rest pose's own inverse binds.
 */
import {
  createMaterial,
  createScene,
  mat4Compose,
  mat4Invert,
  mat4Multiply,
  quatFromEuler,
  type Scene,
} from '@retromodel/scene';

export const JOINTS = 14;
export const step = Math.PI / 32768;
/** Rest bend of joint k about Z, on the s16 grid. */
const bend = (k: number) => (k === 0 ? 0 : (600 + 37 * k) * step);

export function ribbonScene(withSecondSkin: boolean, withWideEnvelope: boolean): Scene {
  const s = createScene();
  s.materials = [createMaterial({ name: 'ribbon' })];
  const first = 2;
  s.roots = [0, ...(withSecondSkin ? [1] : []), first];
  for (let k = 0; k < JOINTS; k++) {
    s.nodes[first + k] = {
      name: `bone${k}`,
      translation: k === 0 ? [0, 0, 0] : [1, 0, 0],
      rotation: quatFromEuler(0, 0, bend(k)),
      children: k + 1 < JOINTS ? [first + k + 1] : [],
    };
  }
  const straight = (k: number) => mat4Invert(mat4Compose([k, 0, 0]))!;
  const bindStraight = new Float32Array(JOINTS * 16);
  for (let k = 0; k < JOINTS; k++) bindStraight.set(straight(k), k * 16);
  const joints = Array.from({ length: JOINTS }, (_, k) => first + k);
  s.skins.push({ joints, inverseBindMatrices: bindStraight });
  // Ribbon along x in the straight bind pose: columns every 0.5, two rows.
  const positions: number[] = [];
  const jointSets: number[][] = [[], [], []];
  const weightSets: number[][] = [[], [], []];
  const columns = (JOINTS - 1) * 2 + 1;
  for (let c = 0; c < columns; c++) {
    for (const y of [-0.5, 0.5]) {
      const x = c / 2;
      const k = Math.floor(x);
      const f = x - k;
      const influences: [number, number][] =
        f === 0
          ? [[k, 1]]
          : [
              [k, 1 - f],
              [Math.min(k + 1, JOINTS - 1), f],
            ];
      if (c % 3 === 1 && y > 0) influences.push([0, 0.25]);
      if (withWideEnvelope && c === 9 && y < 0)
        influences.splice(0, influences.length, [2, 1], [5, 1], [9, 1], [12, 1]);
      const total = influences.reduce((t, [, w]) => t + w, 0);
      positions.push(x, y, 0);
      for (let set = 0; set < 3; set++) {
        for (let n = 0; n < 4; n++) {
          const inf = influences[set * 4 + n];
          jointSets[set]!.push(inf ? inf[0] : 0);
          weightSets[set]!.push(inf ? inf[1] / total : 0);
        }
      }
    }
  }
  const indices: number[] = [];
  for (let c = 0; c + 1 < columns; c++) {
    const [a, b, d, e] = [c * 2, c * 2 + 1, c * 2 + 2, c * 2 + 3];
    indices.push(a, d, b, b, d, e);
  }
  const sets = 1;
  const attributes: Scene['meshes'][number]['primitives'][number]['attributes'] = {
    POSITION: { array: Float32Array.from(positions), itemSize: 3 },
  };
  for (let set = 0; set < sets; set++) {
    attributes[`JOINTS_${set}`] = { array: Uint16Array.from(jointSets[set]!), itemSize: 4 };
    attributes[`WEIGHTS_${set}`] = { array: Float32Array.from(weightSets[set]!), itemSize: 4 };
  }
  s.meshes.push({ primitives: [{ mode: 'TRIANGLES', attributes, indices: Uint16Array.from(indices), material: 0 }] });
  s.nodes[0] = { name: 'ribbon', mesh: 0, skin: 0, children: [] };
  if (withSecondSkin) {
    // The same ribbon, skinned with the rest pose's own inverse binds, one unit above.
    s.meshes.push({
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            ...attributes,
            POSITION: { array: Float32Array.from(positions, (v, i) => (i % 3 === 2 ? v + 1 : v)), itemSize: 3 },
          },
          indices: Uint16Array.from(indices),
        },
      ],
    });
    const rest: number[] = [];
    let world = mat4Compose();
    for (let k = 0; k < JOINTS; k++) {
      const node = s.nodes[first + k]!;
      world =
        k === 0
          ? mat4Compose(node.translation, node.rotation)
          : mat4Multiply(world, mat4Compose(node.translation, node.rotation));
      rest.push(...mat4Invert(world)!);
    }
    s.skins.push({ joints, inverseBindMatrices: Float32Array.from(rest) });
    s.nodes[1] = { name: 'ribbon2', mesh: 1, skin: 1, children: [] };
  } else s.nodes[1] = { name: 'unused', children: [] };
  return s;
}
