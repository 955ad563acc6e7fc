import type { Middleware } from 'openapi-fetch';
export declare function describeOperations(): Middleware;
