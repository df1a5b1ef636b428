/*
 * The page side of the browser render test, bundled for Chromium: three.js with GLTFLoader draws one GLB the way
 * a default viewer does (plain background, ambient light plus one directional light, no tone mapping, sRGB
 * output) from a fixed camera that frames the whole model's bounding box from a given direction. Meshes whose
 * material has one of the `hide` names are left out of the image, but not of the framing, so renders of the
 * same model with and without a part line up pixel for pixel. With `pointer` the loader has the
 * KHR_animation_pointer plugin (@needle-tools/three-animation-pointer) registered, which turns pointer channels
 * into three.js tracks on materials (without it three.js's GLTFLoader skips them); with `play` one clip is posed
 * at a time by an AnimationMixer (setTime), after the framing, so frames of one model line up too. Answers with
 * the canvas as a PNG data URL and the names of the played clip's tracks. One renderer (one WebGL context) draws
 * every request; each model's GPU resources are freed after its render.
 */
import { GLTFAnimationPointerExtension } from '@needle-tools/three-animation-pointer';
import {
  AmbientLight,
  AnimationMixer,
  Box3,
  Color,
  DirectionalLight,
  type Material,
  Mesh,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Texture,
  Vector3,
  WebGLRenderer,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

/** What to draw. */
export interface RenderRequest {
  /** URL of the GLB. */
  url: string;
  /** Material names whose meshes are not drawn. */
  hide: string[];
  /** From the model's centre towards the camera. */
  direction: [number, number, number];
  /** Canvas width and height in pixels. */
  size: number;
  /** Background colour, 0xRRGGBB. */
  background: number;
  /** Register the KHR_animation_pointer plugin on the loader. */
  pointer: boolean;
  /** The animation (by name) to pose, and the time in seconds to pose it at. */
  play?: { animation: string; time: number };
}

/** What the page answers. */
export interface RenderAnswer {
  /** The canvas as a PNG data URL. */
  png: string;
  /** Track names of the played clip (none without `play`). */
  tracks: string[];
}

declare global {
  interface Window {
    renderModel(request: RenderRequest): Promise<RenderAnswer>;
  }
}

const materialsOf = (mesh: Mesh): Material[] => (Array.isArray(mesh.material) ? mesh.material : [mesh.material]);

const canvas = document.createElement('canvas');
document.body.append(canvas);
const renderer = new WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);

/** Frees what a model put on the GPU. */
function disposeModel(root: Object3D): void {
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    object.geometry.dispose();
    for (const m of materialsOf(object)) {
      for (const value of Object.values(m)) if (value instanceof Texture) value.dispose();
      m.dispose();
    }
  });
}

window.renderModel = async (request) => {
  renderer.setSize(request.size, request.size, false);
  const loader = new GLTFLoader();
  if (request.pointer) loader.register((parser: unknown) => new GLTFAnimationPointerExtension(parser));
  const gltf = await loader.loadAsync(request.url);
  const scene = new Scene();
  scene.background = new Color(request.background);
  scene.add(new AmbientLight(0xffffff, 1.5));
  const sun = new DirectionalLight(0xffffff, 2.5);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  scene.add(gltf.scene);
  gltf.scene.updateMatrixWorld(true);

  const box = new Box3().setFromObject(gltf.scene);
  const camera = new PerspectiveCamera(40, 1, 0.01, 1000);
  const center = box.getCenter(new Vector3());
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1e-3);
  const distance = radius / Math.sin((camera.fov * Math.PI) / 360);
  camera.position.copy(center).add(new Vector3(...request.direction).normalize().multiplyScalar(distance));
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.lookAt(center);
  camera.updateProjectionMatrix();

  const hidden = new Set(request.hide);
  gltf.scene.traverse((object) => {
    if (object instanceof Mesh && materialsOf(object).some((m) => hidden.has(m.name))) object.visible = false;
  });
  const tracks: string[] = [];
  if (request.play) {
    const { animation, time } = request.play;
    const clip = gltf.animations.find((c: { name: string }) => c.name === animation);
    if (!clip) throw new Error(`no animation "${animation}" in ${request.url}`);
    const mixer = new AnimationMixer(gltf.scene);
    mixer.clipAction(clip).play();
    mixer.setTime(time);
    tracks.push(...clip.tracks.map((t: { name: string }) => t.name));
  }
  renderer.render(scene, camera);
  const png = canvas.toDataURL('image/png');
  disposeModel(gltf.scene);
  return { png, tracks };
};
