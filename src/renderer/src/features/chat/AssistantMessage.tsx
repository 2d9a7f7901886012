import Markdown, { type Components } from 'react-markdown';

// Links open outside the console; raw HTML in the model's text is shown as text, never rendered.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

export function AssistantMessage({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div className={streaming ? 'bubble bubble-assistant streaming' : 'bubble bubble-assistant'} data-testid="assistant-message" aria-busy={streaming}>
      <Markdown components={components}>{text}</Markdown>
      {streaming && <span className="caret" aria-hidden="true" />}
    </div>
  );
}
