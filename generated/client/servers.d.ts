export declare const MOCK_BASE_URL: string;
export declare const servers: {
    readonly production: string;
    readonly staging: string;
    readonly mock: string;
};
export type ServerName = keyof typeof servers;
/** A preset name or a URL; URLs pass through unchanged. */
export declare function resolveBaseUrl(baseUrl: ServerName | (string & {})): string;
