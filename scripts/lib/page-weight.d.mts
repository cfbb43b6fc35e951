export interface PageWeight {
  documentRaw: number;
  documentGzip: number;
  jsRaw: number;
  jsGzip: number;
  scripts: { url: string; raw: number; gzip: number }[];
  requests: number;
  renderBlocking: string[];
}
export function gzipSize(bytes: Uint8Array): number;
export function scriptUrls(html: string): string[];
export function renderBlocking(html: string): string[];
export function pageWeight(html: string, readAsset: (url: string) => Promise<Uint8Array> | Uint8Array): Promise<PageWeight>;
