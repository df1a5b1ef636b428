declare module 'gltf-validator' {
  const validator: {
    validateBytes(data: Uint8Array, options?: Record<string, unknown>): Promise<unknown>;
    validateString(json: string, options?: Record<string, unknown>): Promise<unknown>;
    version(): string;
  };
  export default validator;
}
