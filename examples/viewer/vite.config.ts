/*
 * Vite config of the viewer. Workspace packages resolve to their TypeScript sources (`source` condition),
 * so the page bundles @retromodel/transcode's browser entry without a build step.
 */
import retromodel from 'unplugin-retromodel/vite';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [retromodel()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // three.js and gltf-transform make one ~770 kB chunk; that is expected for this page.
  build: { target: 'es2022', chunkSizeWarningLimit: 1024 },
});
