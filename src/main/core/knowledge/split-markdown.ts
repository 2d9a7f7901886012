/** One searchable unit: a paragraph (or a few short ones) under its nearest heading. */
export interface Passage {
  source: string;
  /** The document's first heading, e.g. "保修政策（Warranty）". */
  title: string;
  /** The nearest heading above the passage (the title for a document's intro). */
  heading: string;
  text: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const DEFAULT_MAX_CHARS = 360;

/**
 * Splits markdown by heading, then by blank-line paragraph. Short neighbouring paragraphs under
 * the same heading are merged up to `maxChars`, so a list and its lead-in stay together.
 */
export function splitMarkdown(source: string, markdown: string, maxChars = DEFAULT_MAX_CHARS): Passage[] {
  const passages: Passage[] = [];
  let title = '';
  let heading = '';
  let paragraph: string[] = [];
  let chunk = '';

  const flushChunk = () => {
    if (chunk) passages.push({ source, title, heading: heading || title, text: chunk });
    chunk = '';
  };
  const flushParagraph = () => {
    const text = paragraph.join('\n').trim();
    paragraph = [];
    if (!text) return;
    if (chunk && chunk.length + text.length + 2 > maxChars) flushChunk();
    // A blank line between merged paragraphs: a sentence after a list must not read as the list's last item.
    chunk = chunk ? `${chunk}\n\n${text}` : text;
  };

  for (const line of markdown.split(/\r?\n/)) {
    const match = HEADING.exec(line);
    if (match) {
      flushParagraph();
      flushChunk();
      heading = match[2];
      if (!title) title = heading;
    } else if (line.trim() === '') flushParagraph();
    else paragraph.push(line.trimEnd());
  }
  flushParagraph();
  flushChunk();
  return passages;
}
