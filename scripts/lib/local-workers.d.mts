import type { WorkerOptions } from 'miniflare';

export interface WorkerSource {
  name: string;
  config: string;
  script: string;
}

export declare const root: string;
export declare const WORKERS: { app: WorkerSource; platform: WorkerSource };
export declare const LOCAL_ENVIRONMENT: 'development';
export declare function workerOptions(
  worker: WorkerSource,
  options?: { vars?: Record<string, string>; environment?: string },
): WorkerOptions & { name: string };
