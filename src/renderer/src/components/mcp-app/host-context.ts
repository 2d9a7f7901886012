import type { McpUiHostContext, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

export type DisplayMode = 'inline' | 'fullscreen';
export const DISPLAY_MODES: DisplayMode[] = ['inline', 'fullscreen'];

/** The console's theme as applied (Settings' choice, or the OS's when it is `system`). */
export function currentTheme(): 'light' | 'dark' {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Our colours and font under the names MCP Apps use, read from the console's own CSS variables. */
const STYLE_NAMES: [string, keyof McpUiStyles][] = [
  ['--bg', '--color-background-primary'],
  ['--panel', '--color-background-secondary'],
  ['--text', '--color-text-primary'],
  ['--muted', '--color-text-secondary'],
  ['--border', '--color-border-primary'],
  ['--accent', '--color-ring-primary'],
  ['--bad', '--color-text-danger'],
  ['--ok', '--color-text-success'],
  ['--warn', '--color-text-warning'],
];

export function consoleStyles(): McpUiStyles {
  const computed = getComputedStyle(document.documentElement);
  const variables: Record<string, string> = {};
  for (const [ours, theirs] of STYLE_NAMES) {
    const value = computed.getPropertyValue(ours).trim();
    if (value) variables[theirs] = value;
  }
  const font = computed.fontFamily || getComputedStyle(document.body).fontFamily;
  if (font) variables['--font-sans'] = font;
  return variables as McpUiStyles;
}

export function hostContext(options: {
  locale: string;
  displayMode: DisplayMode;
  toolName: string;
  desktop: boolean;
}): McpUiHostContext {
  return {
    theme: currentTheme(),
    locale: options.locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    displayMode: options.displayMode,
    availableDisplayModes: DISPLAY_MODES,
    styles: { variables: consoleStyles() },
    platform: options.desktop ? 'desktop' : 'web',
    userAgent: 'Switchboard',
    toolInfo: { tool: { name: options.toolName, inputSchema: { type: 'object' } } },
  };
}

/** Calls back when the console's theme or language changes (data-theme / lang on <html>, or the OS's scheme). */
export function watchConsoleLook(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'lang'] });
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener?.('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener?.('change', onChange);
  };
}
