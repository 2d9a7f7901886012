import './tool-look.css';

/**
 * A tool's icon. Main sends only inline data: images (shared/mcp/icons.ts: a server's remote URL is never fetched);
 * anything else is dropped here too, so a change in main cannot make the page load from a server's host.
 */
export function ToolIcon({ src }: { src: string | null | undefined }) {
  if (!src || !/^data:image\//i.test(src)) return null;
  return (
    <img className="tool-icon" src={src} alt="" width={16} height={16} draggable={false} data-testid="tool-icon" />
  );
}

/** A tool's title, shown beside its name (the name is what the model calls). */
export function ToolTitle({ title }: { title: string | null | undefined }) {
  if (!title) return null;
  return (
    <span className="tool-title" data-testid="tool-title">
      {title}
    </span>
  );
}
