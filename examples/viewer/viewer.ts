/*
 * A three.js view of one glTF model at a time: GLTFLoader reads it, the camera frames its bounding box, and an
 * AnimationMixer plays the chosen animation clip in a loop.
 */
import {
  AmbientLight,
  type AnimationAction,
  type AnimationClip,
  AnimationMixer,
  Box3,
  Color,
  DirectionalLight,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

export interface Viewer {
  /** Loads a glTF/GLB from a URL in place of the current model; resolves with its animation names. */
  show(url: string): Promise<string[]>;
  /** Plays the named animation (looping), stopping the others. */
  play(name: string): void;
}

/** Sets up the renderer on `canvas` and starts the render loop. */
export function createViewer(canvas: HTMLCanvasElement): Viewer {
  const renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  const scene = new Scene();
  scene.background = new Color(0x1d2128);
  scene.add(new AmbientLight(0xffffff, 1.5));
  const sun = new DirectionalLight(0xffffff, 2.5);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  const camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  let model: Object3D | undefined;
  let mixer: AnimationMixer | undefined;
  let clips: AnimationClip[] = [];
  let action: AnimationAction | undefined;
  let last = performance.now();
  let frames = 0;

  renderer.setAnimationLoop(() => {
    const now = performance.now();
    mixer?.update((now - last) / 1000);
    last = now;
    const { clientWidth: w, clientHeight: h } = canvas;
    if (canvas.width !== Math.floor(w * renderer.getPixelRatio()) || camera.aspect !== w / h) {
      renderer.setSize(w, h, false);
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
    }
    renderer.render(scene, camera);
    // Frames drawn so far, for tests that wait for the animation to move on (data-frames on the canvas).
    canvas.dataset.frames = String(++frames);
  });

  function frame(object: Object3D): void {
    const box = new Box3().setFromObject(object);
    const center = box.getCenter(new Vector3());
    const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1e-3);
    const distance = radius / Math.sin((camera.fov * Math.PI) / 360);
    camera.position.copy(center).add(new Vector3(0.6, 0.5, 1).normalize().multiplyScalar(distance * 1.1));
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.lookAt(center);
    camera.updateProjectionMatrix();
  }

  return {
    async show(url) {
      const gltf = await new GLTFLoader().loadAsync(url);
      if (model) scene.remove(model);
      mixer?.stopAllAction();
      model = gltf.scene;
      scene.add(model);
      frame(model);
      mixer = new AnimationMixer(model);
      clips = gltf.animations;
      action = undefined;
      if (clips[0]) this.play(clips[0].name);
      return clips.map((c) => c.name);
    },
    play(name) {
      const clip = clips.find((c) => c.name === name);
      if (!mixer || !clip) return;
      action?.stop();
      action = mixer.clipAction(clip).play();
    },
  };
}
