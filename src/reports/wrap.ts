/**
 * Greedy word wrap for the plain-text reports: a line longer than `width` is
 * broken at spaces, each further line starting with `continuation` (an
 * indent, or a comment mark and an indent, so that a wrapped comment in an
 * order block stays a comment). A line that fits is kept as it is.
 */
export function wrapWords(line: string, width: number, continuation = '    '): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > width) {
      out.push(current);
      current = `${continuation}${word}`;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  return [...out, current];
}
