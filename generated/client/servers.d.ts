export declare const MOCK_BASE_URL = "http://127.0.0.1:4010/v2";
export declare const servers: {
    readonly production: string;
    readonly staging: string;
    readonly mock: "http://127.0.0.1:4010/v2";
};
export type ServerName = keyof typeof servers;
/** A preset name or a URL; URLs pass through unchanged. */
export declare function resolveBaseUrl(baseUrl: ServerName | (string & {})): string;
