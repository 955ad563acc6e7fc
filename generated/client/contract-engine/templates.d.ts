export type TemplateSegment = {
    literal: string;
} | {
    param: string;
};
/** A template's segments after the leading `/`: literals and `{name}` parameters. */
export declare function templateSegments(template: string): readonly TemplateSegment[];
/**
 * The template with each `{name}` replaced by `value(name)` exactly as returned: the caller
 * percent-encodes (fillPath does) or writes a placeholder (a shell variable, a Python f-string field).
 */
export declare function substituteParams(template: string, value: (name: string) => string): string;
/** The names of a template's path parameters, in order (`/a/{x}/b/{y}` -> `['x', 'y']`). */
export declare function templateParams(template: string): string[];
/**
 * Each parameter with the collection it picks from: the template up to (not including) its
 * segment (`/text-to-scene/{storyboard}/scenes/{scene}` -> `{storyboard}` from `/text-to-scene`,
 * `{scene}` from `/text-to-scene/{storyboard}/scenes`).
 */
export declare function templateCollections(template: string): Array<{
    name: string;
    collection: string;
}>;
/** The template without its last segment when that segment is a parameter (`/presets/{id}` -> `/presets`). */
export declare function itemCollection(template: string): string | undefined;
/** Percent-decoding that never throws: an invalid sequence stays as sent (an unknown id, so 404). */
export declare function safeDecode(value: string): string;
/**
 * The values a concrete path gives a template's parameters, decoded (`/faceless/{faceless}` with
 * `/faceless/5` -> `{ faceless: '5' }`). Segments are paired by position; literals are not compared.
 */
export declare function templateValues(template: string, path: string): Record<string, string>;
/**
 * The base path of a server URL, without a trailing slash (`https://{host}/v2/` -> `/v2`). Server
 * variables need not be filled: only the path is read.
 */
export declare function basePathOf(serverUrl: string): string;
