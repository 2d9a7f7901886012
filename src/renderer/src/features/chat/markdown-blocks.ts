const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits markdown at blank lines that are outside fenced code and not followed by an indented line (a
 * list item's next paragraph, indented code), so each block parses the same on its own. A loose list
 * becomes several lists, numbered as before; that is the only difference from parsing the whole text.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let blanks: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    if (fence === null && line.trim() === '') {
      if (current.length) blanks.push(line);
      continue;
    }
    if (blanks.length) {
      if (/^[ \t]/.test(line)) current.push(...blanks);
      else {
        blocks.push(current.join('\n'));
        current = [];
      }
      blanks = [];
    }
    const marker = FENCE.exec(line)?.[1];
    if (marker && fence === null) fence = marker;
    else if (marker && marker[0] === fence?.[0] && marker.length >= fence.length) fence = null;
    current.push(line);
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}
