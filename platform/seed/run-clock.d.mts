export declare function runClock(at?: string): { now: Date; offsetMs: number; asOf: string };
