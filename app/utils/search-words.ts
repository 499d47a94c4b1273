// The one tokeniser of saved-search matching: a saved search's words and a new
// listing's text both go through `searchWords`, so the two always agree on what a
// word is (lower case, NFKC, split on anything that is not a letter or digit,
// as the search index splits a post's text), and through `stemWord`, so they
// agree on its stem as search does ("desks" finds "desk": docs/product.md §9).
import { stemmer } from "stemmer";

/** A saved search keeps at most this many words, of at most this length (as search does). */
export const MAX_SEARCH_WORDS = 8;
export const MAX_WORD_LENGTH = 64;
/** A prefix shorter than this matches too much to be an alert. */
export const MIN_PREFIX = 2;

/** The words of a text, in order, normalised; repeats kept. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/**
 * A word as matching compares it: its Porter stem, as search's FTS5 `porter`
 * tokenizer and PostgreSQL's `english` configuration compare words. The one
 * place alert matching stems (saved searches and listings alike).
 */
export function stemWord(word: string): string {
  return stemmer(word);
}

/**
 * Bumped whenever what `matchTerms` or `postIndexTerms` make changes, so the
 * saved searches indexed before are indexed again (reindexSavedSearchTerms at
 * server start). 1: words as typed; 2: stemmed.
 */
export const TERMS_VERSION = 2;

export type MatchTerm = { term: string; prefix: boolean };

/**
 * What a post must contain for a saved search's words to match, as search
 * matches: the stem of every word, the last one's stem (of two characters or
 * more) as a prefix of one of the post's words or stems so "lam" finds "lamp"
 * and "lamps" "lamp". Repeats once; an exact stem covers its own prefix.
 */
export function matchTerms(query: string): MatchTerm[] {
  const words = searchWords(query).slice(0, MAX_SEARCH_WORDS);
  const terms = new Map<string, boolean>();
  words.forEach((word, i) => {
    const term = stemWord(word);
    const prefix = i === words.length - 1 && [...term].length >= MIN_PREFIX;
    terms.set(term, (terms.get(term) ?? true) && prefix);
  });
  return [...terms].map(([term, prefix]) => ({ term, prefix }));
}

/** Most distinct words of a post looked up (a very long post is matched on its first ones). */
const MAX_POST_WORDS = 600;

/** How a prefix term is kept in the index: with a mark no word contains, so one lookup serves words and prefixes. */
export function indexTerm(t: MatchTerm): string {
  return t.prefix ? `${t.term}*` : t.term;
}

/** The index keys a post's text matches: each of its words' stems, and each prefix of its words and stems as a prefix term. */
export function postIndexTerms(text: string): string[] {
  const { words, prefixes } = postTerms(text);
  return [...words, ...prefixes.map((p) => indexTerm({ term: p, prefix: true }))];
}

/**
 * What a post's text offers the matching: the stems of its distinct words, and
 * every prefix of MIN_PREFIX characters or more of its words and of their stems
 * (the whole word and stem included: "happy" offers "happi" for "happiness"'s
 * stem, "monitor" offers "monit" typed half-way).
 */
export function postTerms(text: string): { words: string[]; prefixes: string[] } {
  const distinct = [...new Set(searchWords(text))].slice(0, MAX_POST_WORDS);
  const stems = new Set<string>();
  const prefixes = new Set<string>();
  for (const word of distinct) {
    const stem = stemWord(word);
    stems.add(stem);
    for (const form of stem === word ? [word] : [word, stem]) {
      const chars = [...form];
      for (let n = MIN_PREFIX; n <= chars.length; n++) prefixes.add(chars.slice(0, n).join(""));
      if (chars.length < MIN_PREFIX) prefixes.add(form);
    }
  }
  return { words: [...stems], prefixes: [...prefixes] };
}
