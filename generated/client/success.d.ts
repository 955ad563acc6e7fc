/** A body of the API's envelope with its `data` there. */
export type WithData<B> = B & {
    data: NonNullable<B extends {
        data?: infer D;
    } ? D : never>;
};
/** True when a body (a query's `data`, an answer) carries its `data`: then `body.data` is typed without undefined. */
export declare function hasData<B extends {
    data?: unknown;
}>(body: B | undefined): body is WithData<B>;
/** The envelope's `data` of a successful answer, or an error that names the call when the answer has none. */
export declare function dataOf<B extends {
    data?: unknown;
}>(body: B | undefined, response: Response): WithData<B>['data'];
