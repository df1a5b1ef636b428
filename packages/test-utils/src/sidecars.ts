/* Sidecar sources for tests: files held in memory, or a folder of the shared fixtures. */
import { readdirSync } from 'node:fs';
import type { SidecarSource } from '@retromodel/scene';
import { fixture, readFixture } from './fixtures.js';

/** The files given, by name. */
export function memorySidecars(files: Record<string, Uint8Array>): SidecarSource {
  return { list: () => Object.keys(files), read: (name) => files[name] };
}

/** Every file of a shared fixture folder, e.g. `fixtureSidecars('t3dm', '08_animation', 'filesystem')`. */
export function fixtureSidecars(...folder: string[]): SidecarSource {
  return {
    list: () => readdirSync(fixture(...folder)),
    read: (name) => (readdirSync(fixture(...folder)).includes(name) ? readFixture(...folder, name) : undefined),
  };
}
