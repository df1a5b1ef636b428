// Types for the two CommonJS packages used only as test oracles for the DDS decoder.
declare module 'decode-dxt' {
  function decodeDxt(
    data: DataView,
    width: number,
    height: number,
    format?: 'dxt1' | 'dxt2' | 'dxt3' | 'dxt4' | 'dxt5',
  ): Uint8Array;
  export default decodeDxt;
}

declare module 'parse-dds' {
  interface DdsInfo {
    shape: [number, number];
    images: { offset: number; length: number; shape: [number, number] }[];
    format: string;
    flags: number;
    cubemap: boolean;
  }
  function parseDds(buffer: ArrayBuffer): DdsInfo;
  export default parseDds;
}
