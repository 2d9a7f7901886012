/**
 * Which of a server's icons the console shows. Icons are untrusted: a remote URL would make the console fetch from
 * wherever the server says (telling that host when the operator looks, and loading bytes nobody checked), so only
 * inline `data:` images are kept. The page's CSP (`img-src 'self' data:`) would block any other URL anyway; this
 * filter keeps such URLs from reaching the page at all. SVG is allowed: an <img> runs no script and loads nothing.
 */

export interface McpIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

const SHOWN_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);
/** A larger icon is not an icon; 10,000 tools sharing the Tools list must stay small. */
export const MAX_ICON_CHARS = 48 * 1024;
/** At most this many icons of one tool are kept (sizes and themes of the same picture). */
export const MAX_ICONS = 4;

const DATA_URI = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(?:;[a-z0-9=.+-]+)*;base64,[A-Za-z0-9+/]+={0,2}$/i;

/** Whether the console shows this icon: an inline base64 image of a known type, not too large. */
export function isShownIcon(icon: { src?: unknown }): boolean {
  if (typeof icon.src !== 'string' || icon.src.length > MAX_ICON_CHARS) return false;
  const match = DATA_URI.exec(icon.src);
  return match !== null && SHOWN_TYPES.has(match[1].toLowerCase());
}

/** The icons shown (copied, at most MAX_ICONS) and how many were withheld. */
export function shownIcons(icons: unknown): { icons: McpIcon[]; withheld: number } {
  if (!Array.isArray(icons)) return { icons: [], withheld: 0 };
  const shown: McpIcon[] = [];
  for (const icon of icons as McpIcon[]) {
    if (shown.length < MAX_ICONS && icon && typeof icon === 'object' && isShownIcon(icon)) {
      shown.push({
        src: icon.src,
        ...(typeof icon.mimeType === 'string' && { mimeType: icon.mimeType }),
        ...(Array.isArray(icon.sizes) && { sizes: icon.sizes.filter((s): s is string => typeof s === 'string') }),
        ...((icon.theme === 'light' || icon.theme === 'dark') && { theme: icon.theme }),
      });
    }
  }
  return { icons: shown, withheld: icons.length - shown.length };
}

/** A tool's display title as MCP orders it: `title`, then `annotations.title`; null when neither is a non-empty string. */
export function toolTitleOf(definition: { title?: unknown; annotations?: { title?: unknown } }): string | null {
  const title =
    typeof definition.title === 'string' && definition.title.trim() ? definition.title : definition.annotations?.title;
  return typeof title === 'string' && title.trim() ? title.slice(0, 200) : null;
}
