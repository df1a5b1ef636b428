/*
 * Converted models in the Vite dev server. Vite cannot emit files while serving (vitejs/vite#7029), and a
 * data URL would make large models slow, so converted files are kept in memory and served by a middleware
 * under `<base>@retromodel/<hash>/<name>`. The hash changes with the content, so browsers never see a stale
 * model; when a model is converted again, its previous files are dropped.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OutputFile } from '@retromodel/scene';
import { contentHash, joinUrl, mimeTypeOf } from './asset-names.js';

const routePrefix = '@retromodel';
const routePattern = /\/@retromodel\/([0-9a-f]{8}\/[^/?#]+)$/;

export interface DevAssets {
  /** Stores the files of one import (`key`: model path and form) and returns their URLs under `base`. */
  put(key: string, files: OutputFile[], base: string): string[];
  /** Connect middleware serving the stored files. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}

/** An empty in-memory store of converted models. */
export function createDevAssets(): DevAssets {
  const files = new Map<string, OutputFile>();
  const byImport = new Map<string, string[]>();
  return {
    put(key, outputs, base) {
      for (const old of byImport.get(key) ?? []) files.delete(old);
      const hash = contentHash(outputs);
      const keys = outputs.map((f) => `${hash}/${encodeURIComponent(f.name)}`);
      for (const [i, f] of outputs.entries()) files.set(keys[i]!, f);
      byImport.set(key, keys);
      return keys.map((k) => joinUrl(base || '/', routePrefix, k));
    },
    middleware(req, res, next) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const match = routePattern.exec(path);
      const file = match ? files.get(match[1]!) : undefined;
      if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      res.statusCode = 200;
      res.setHeader('Content-Type', mimeTypeOf(file));
      res.setHeader('Content-Length', String(file.bytes.byteLength));
      res.setHeader('Cache-Control', 'no-cache');
      res.end(req.method === 'HEAD' ? undefined : file.bytes);
    },
  };
}
