import type { Middleware } from 'openapi-fetch';
export declare function bearerAuth(token: string | undefined): Middleware;
