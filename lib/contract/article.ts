// The indefinite article English puts before a phrase ("an AI Visuals draft", "a URL to Video
// draft", "an hour", "a user"), decided by how the phrase's first word is said: a word in capitals
// is spelt out letter by letter, a number is read out, any other word by its first sound. Every
// generated sentence that puts "a" or "an" before a name it did not write itself asks here, and
// tests/contract/articles.test.ts holds the contract's own prose to the same rule.

/** Letters whose spoken name starts with a vowel sound (ef, aitch, el, em, en, ar, es, ex...). */
const VOWEL_NAMED_LETTERS = new Set('AEFHILMNORSX');
/** Words that start with a vowel letter and a consonant sound (a user, a one-time, a euro, a url). */
const CONSONANT_SOUND = /^(url|uuid|usb|u[bcfgklrstv][aeiou]|u[nr]i(?!n|l|m|s)|ufo|use|usu|uti|ur[aeiou]|eu|ew|one\b|once|ouija)/;
/** Words that start with a silent h (an hour, an honest). */
const SILENT_H = /^(hour|honest|honou?r|heir)/;

/** The first word of a phrase: up to the first character that is not a letter or a digit. */
function firstWord(phrase: string): string {
  return /^[\s"'`(*_[]*([A-Za-z0-9]+)/.exec(phrase)?.[1] ?? '';
}

/** Whether a word is said letter by letter: written in capitals (AI, URL, MP4, the B of B-Roll). */
const spelt = (word: string) => /^[A-Z][A-Z0-9]*$/.test(word);

/** "a" or "an" for the phrase that follows it. */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const word = firstWord(phrase);
  if (!word) return 'a';
  if (/^\d/.test(word)) return /^(8|11$|18$|11\d\d\d$|18\d\d\d$)/.test(word) ? 'an' : 'a';
  if (spelt(word)) return VOWEL_NAMED_LETTERS.has(word[0]) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (SILENT_H.test(lower)) return 'an';
  if (!/^[aeiou]/.test(lower)) return 'a';
  return CONSONANT_SOUND.test(lower) ? 'a' : 'an';
}

/** The phrase with its indefinite article: `withArticle('AI Visuals draft')` is "an AI Visuals draft". */
export function withArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}
