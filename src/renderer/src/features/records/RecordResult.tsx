import { JsonBlock } from '../../components/JsonBlock';

interface TextContent {
  type: 'text';
  text: string;
}

const textParts = (result: unknown): TextContent[] => {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return [];
  return content.filter((part): part is TextContent => part?.type === 'text' && typeof part.text === 'string');
};

/**
 * The result as the tool returned it. MCP text parts often carry JSON in a string, which reads
 * badly escaped, so each is shown parsed first; the exact result stays one click away.
 */
export function RecordResult({ result }: { result: unknown }) {
  const parts = textParts(result);
  const structured = (result as { structuredContent?: unknown } | null)?.structuredContent;
  if (parts.length === 0 && structured === undefined) return <JsonBlock value={result} label="Result" />;
  return (
    <>
      {structured !== undefined && <JsonBlock value={structured} label="Structured result" />}
      {structured === undefined && parts.map((part, index) => <JsonBlock key={index} value={part.text} label={`Result text ${index + 1}`} />)}
      <details>
        <summary>Exact result</summary>
        <JsonBlock value={result} label="Exact result" />
      </details>
    </>
  );
}
