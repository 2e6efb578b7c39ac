/**
 * What an avatar shows when a person has no photo, or it cannot load (issue 23): the first letters of the first and
 * last words of their name ("Ann Lee Smith" → "AS"), or of a username alone ("@maya_creates" → "M"). Letters as
 * people read them: a name starting with an accented or non-Latin letter keeps it whole (grapheme, not code unit).
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').replace(/^@/, '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  const first = (word: string) => {
    const [grapheme] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word);
    return grapheme?.segment ?? '';
  };
  const letters = words.length === 1 ? first(words[0]!) : first(words[0]!) + first(words[words.length - 1]!);
  return letters.toLocaleUpperCase();
}
