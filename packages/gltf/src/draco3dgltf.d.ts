/** draco3dgltf ships no types; the reader needs only the decoder module's factory (a Node CommonJS module). */
declare module 'draco3dgltf' {
  const draco: { createDecoderModule(options?: object): Promise<unknown> };
  export default draco;
}
