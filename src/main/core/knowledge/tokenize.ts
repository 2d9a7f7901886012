/**
 * Search tokens for mixed Chinese/English text. Chinese has no spaces, so word boundaries come
 * from Intl.Segmenter. Node's ICU often splits common words into single characters (退货 -> 退|货),
 * so each run of Chinese segments is also indexed as overlapping character bigrams: a query word
 * then matches however the segmenter cut the document. Latin words are lowercased.
 */
/** Made on first use: building it loads ICU's Chinese word dictionary, which start-up would do for nothing. */
let segmenter: Intl.Segmenter | undefined;
const HAN = /\p{Script=Han}/u;

/** Question and function words: in headings like 「质量问题怎么处理」 they would outrank the topic words. */
const STOP_WORDS = new Set([
  '怎么',
  '什么',
  '多少',
  '多久',
  '如何',
  '可以',
  '是否',
  '哪些',
  '哪里',
  '请问',
  '一下',
  '为什么',
]);
/** Particles and pronouns: a bigram that contains one (「货要」「要多」) is noise. */
const STOP_CHARS = new Set([...'的了吗呢吧啊呀么要我你他她它是在和与就也都还把被给让这那']);

const keep = (token: string) => !STOP_WORDS.has(token) && ![...token].some((char) => STOP_CHARS.has(char));

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let hanRun = '';
  const flushRun = () => {
    if (hanRun.length === 1) tokens.push(hanRun);
    for (let i = 0; i + 1 < hanRun.length; i++) tokens.push(hanRun.slice(i, i + 2));
    hanRun = '';
  };
  for (const { segment, isWordLike } of (segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' })).segment(
    text,
  )) {
    if (!isWordLike) {
      flushRun(); // punctuation and spaces end a run: no bigram spans a sentence break
      continue;
    }
    if (HAN.test(segment)) {
      hanRun += segment;
      if (segment.length >= 3) tokens.push(segment); // longer dictionary words add precision
    } else {
      flushRun();
      tokens.push(segment.toLowerCase());
    }
  }
  flushRun();
  return tokens.filter(keep);
}
