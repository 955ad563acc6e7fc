export declare function isBrowser(): boolean;
export declare function isMockToken(token: string | undefined): boolean;
/** True for a base URL that can only be a mock: relative, loopback, or a reserved (RFC 2606/6761) name. */
export declare function isMockBaseUrl(baseUrl: string): boolean;
export declare const BROWSER_TOKEN_WARNING: string;
export declare function warnIfBrowserToken(token: string | undefined, baseUrl: string, warn: (message: string) => void): boolean;
