/*
 * Runs the Khronos glTF validator on bytes we wrote. Every GLB produced anywhere in the test suite goes
 * through `expectValidGlb`. The validator is Dart compiled to JS; some malformed inputs make its promise
 * reject instead of reporting, which counts as a failure here.
 */
import validator from 'gltf-validator';
import { expect } from 'vitest';

export interface ValidationMessage {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
}

export interface ValidationReport {
  issues: { numErrors: number; numWarnings: number; numInfos: number; numHints: number; messages: ValidationMessage[] };
  info?: Record<string, unknown>;
}

/**
 * Validates a GLB (or glTF JSON bytes with `externalResources` for its .bin/.png files).
 */
export async function validateGltf(
  bytes: Uint8Array,
  uri = 'model.glb',
  externalResources: Record<string, Uint8Array> = {},
): Promise<ValidationReport> {
  return (await validator.validateBytes(new Uint8Array(bytes), {
    uri,
    maxIssues: 0,
    writeTimestamp: false,
    externalResourceFunction: async (name: string) => {
      const data = externalResources[decodeURIComponent(name)];
      if (!data) throw new Error(`no external resource ${name}`);
      return data;
    },
  })) as ValidationReport;
}

/** Asserts zero validator errors and returns the report (warnings are listed in the failure message). */
export async function expectValidGlb(
  bytes: Uint8Array,
  uri = 'model.glb',
  externalResources: Record<string, Uint8Array> = {},
): Promise<ValidationReport> {
  const report = await validateGltf(bytes, uri, externalResources);
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  expect(errors, `${uri}: ${errors.map((e) => `${e.code} ${e.pointer ?? ''} ${e.message}`).join('\n')}`).toEqual([]);
  return report;
}
