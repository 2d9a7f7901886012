/**
 * The environment a stdio server starts with: just enough to find executables and a home
 * directory, plus the entry's own `env`. Never the host's process.env wholesale: that holds the
 * operator's model API keys, which a third-party tool server has no business reading.
 */
const POSIX_KEYS = ['PATH', 'HOME'];
// Windows programs fail in odd ways without these; none of them is a secret.
const WINDOWS_KEYS = [
  'PATH',
  'PATHEXT',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMFILES',
];

export function minimalChildEnv(
  hostEnv: Record<string, string | undefined>,
  own: Record<string, string>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of platform === 'win32' ? WINDOWS_KEYS : POSIX_KEYS) {
    const value = hostEnv[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...own };
}
