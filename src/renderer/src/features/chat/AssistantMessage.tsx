import { memo, type ReactElement } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { splitMarkdownBlocks } from './markdown-blocks';

// Links open outside the console; raw HTML in the model's text is shown as text, never rendered.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

/** Above this many characters a message is rendered block by block, each block parsed once. */
const WHOLE_PARSE_LIMIT = 2_000;
const CACHE_SIZE = 1_000;
// Parsed blocks by text, shared by the streaming copy and the finished message that replaces it.
const parsed = new Map<string, ReactElement>();

function parseBlock(text: string): ReactElement {
  let element = parsed.get(text);
  if (!element) {
    element = Markdown({ children: text, components });
    if (parsed.size >= CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, element);
  }
  return element;
}

const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return parseBlock(text);
});

/**
 * A streaming or long answer is rendered block by block (split at blank lines outside code), so each
 * delta re-parses only the growing last block and the finished message reuses the blocks already
 * parsed: re-parsing the whole answer on every delta made a 5,000-token answer O(n²) and blocked the
 * page for 50-200 ms at a time (`npm run bench`, UI scenario). Short answers are parsed whole.
 */
export function AssistantMessage({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div
      className={streaming ? 'bubble bubble-assistant streaming' : 'bubble bubble-assistant'}
      data-testid="assistant-message"
      aria-busy={streaming}
    >
      {streaming || text.length > WHOLE_PARSE_LIMIT ? (
        splitMarkdownBlocks(text).map((block, index) => <MarkdownBlock key={index} text={block} />)
      ) : (
        <Markdown components={components}>{text}</Markdown>
      )}
      {streaming && <span className="caret" aria-hidden="true" />}
    </div>
  );
}
