/** "a" or "an" for the phrase that follows it. */
export declare function indefiniteArticle(phrase: string): 'a' | 'an';
/** The phrase with its indefinite article: `withArticle('AI Visuals draft')` is "an AI Visuals draft". */
export declare function withArticle(phrase: string): string;
