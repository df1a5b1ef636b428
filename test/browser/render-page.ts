/*
 * The page side of the browser render test, bundled for Chromium: three.js with GLTFLoader draws one GLB the way
 * a default viewer does (plain background, ambient light plus one directional light, no tone mapping, sRGB
 * output) from a fixed camera that frames the whole model's bounding box from a given direction. Meshes whose
 * material has one of the `hide` names are left out of the image, but not of the framing, so renders of the
 * same model with and without a part line up pixel for pixel. Answers with the canvas as a PNG data URL. One
 * renderer (one WebGL context) draws every request; each model's GPU resources are freed after its render.
 */
import {
  AmbientLight,
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
}

declare global {
  interface Window {
    renderModel(request: RenderRequest): Promise<string>;
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
  const gltf = await new GLTFLoader().loadAsync(request.url);
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
  renderer.render(scene, camera);
  const png = canvas.toDataURL('image/png');
  disposeModel(gltf.scene);
  return png;
};
