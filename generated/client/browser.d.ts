export declare function isBrowser(): boolean;
export declare function isMockToken(token: string | undefined): boolean;
export declare const BROWSER_TOKEN_WARNING: string;
export declare function warnIfBrowserToken(token: string | undefined, warn: (message: string) => void): boolean;
