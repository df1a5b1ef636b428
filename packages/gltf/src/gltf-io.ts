/*
 * The gltf-transform I/O service retromodel uses: in-memory only (a PlatformIO whose URI reader refuses,
 * because external resources are resolved by the caller before a document is read), with the extensions
 * we read and write registered (KHR_animation_pointer is our own, khr-animation-pointer.ts), and a logger
 * that turns gltf-transform's warnings into diagnostics instead of printing them (the common "Missing
 * optional extension" one as `gltf/extension-ignored`).
 */
import { type ILogger, PlatformIO, VertexLayout } from '@gltf-transform/core';
import { KHRMaterialsUnlit, KHRMeshQuantization, KHRTextureTransform } from '@gltf-transform/extensions';
import type { Diagnostic } from '@retromodel/scene';
import { KHRAnimationPointer } from './khr-animation-pointer.js';

class MemoryIO extends PlatformIO {
  protected override readURI(uri: string, type: 'view'): Promise<Uint8Array<ArrayBuffer>>;
  protected override readURI(uri: string, type: 'text'): Promise<string>;
  protected override readURI(uri: string): Promise<Uint8Array<ArrayBuffer> | string> {
    return Promise.reject(new Error(`resource ${uri} was not provided`));
  }

  protected override resolve(base: string, path: string): string {
    return base ? `${base}/${path}` : path;
  }

  protected override dirname(uri: string): string {
    const slash = uri.lastIndexOf('/');
    return slash < 0 ? '' : uri.slice(0, slash);
  }
}

/** A logger that collects gltf-transform's warnings and errors as diagnostics. */
function diagnosticLogger(diagnostics: Diagnostic[]): ILogger {
  return {
    debug: () => {},
    info: () => {},
    warn: (text) => {
      // The one warning real files give often, in the tool's own words: an optional extension nothing reads.
      const extension = /^Missing optional extension, "([^"]+)"/.exec(text)?.[1];
      diagnostics.push(
        extension
          ? {
              code: 'gltf/extension-ignored',
              message: `optional extension ${extension} is not read; its data is left out`,
              severity: 'warning',
            }
          : { code: 'gltf/gltf-transform', message: text, severity: 'warning' },
      );
    },
    error: (text) => diagnostics.push({ code: 'gltf/gltf-transform', message: text, severity: 'error' }),
  };
}

/** A fresh I/O service whose messages go into `diagnostics`. */
export function createIo(diagnostics: Diagnostic[]): PlatformIO {
  return new MemoryIO()
    .setLogger(diagnosticLogger(diagnostics))
    .setVertexLayout(VertexLayout.SEPARATE)
    .registerExtensions([KHRMaterialsUnlit, KHRTextureTransform, KHRMeshQuantization, KHRAnimationPointer]);
}
