/** See precompress.mjs. */
export declare const COMPRESSIBLE: RegExp;
export declare function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number; gzip: number }>;
