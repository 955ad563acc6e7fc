export declare function sleep(ms: number, signal?: AbortSignal | null): Promise<void>;
