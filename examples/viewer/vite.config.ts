/*
 * Vite config of the viewer. Workspace packages resolve to their TypeScript sources (`source` condition),
 * so the page bundles @retromodel/transcode's browser entry without a build step.
 */
import retromodel from 'unplugin-retromodel/vite';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [retromodel()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Each format's parser (and glTF-Transform) is a separate chunk, loaded when a dropped file needs it; the
  // page's own chunk is ~640 kB because of three.js, which is expected for this page.
  build: { target: 'es2022', chunkSizeWarningLimit: 700 },
});
