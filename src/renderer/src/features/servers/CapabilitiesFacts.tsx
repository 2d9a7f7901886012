import { useTranslation } from 'react-i18next';
/**
 * The last initialize, both ways: what the server offered, and what we declared. A server may offer some
 * tools only to clients that declared what they need (elicitation, sampling, roots), so both are shown.
 */
export function CapabilitiesFacts({
  offered,
  declared,
}: {
  offered: Record<string, unknown> | null;
  declared: Record<string, unknown> | null;
}) {
  const { t } = useTranslation(['servers', 'common']);
  const deprecated = (name: string) => (DEPRECATED_CAPABILITIES.has(name) ? ` [${t('common:deprecated.since')}]` : '');
  return (
    <>
      <dt>{t('capabilitiesFacts.weDeclared')}</dt>
      <dd data-testid="declared-capabilities">
        {declared ? (
          capabilityText(declared, deprecated) || t('common:shared.nothing')
        ) : (
          <span className="muted">{t('capabilitiesFacts.notYet')}</span>
        )}
      </dd>
      <dt>{t('capabilitiesFacts.itOffered')}</dt>
      <dd data-testid="offered-capabilities">
        {offered ? (
          capabilityText(offered, deprecated) || t('common:shared.nothing')
        ) : (
          <span className="muted">{t('capabilitiesFacts.unknownWhileNotConnected')}</span>
        )}
      </dd>
    </>
  );
}

/** Capabilities MCP 2026-07-28 deprecated: still declared to and offered by 2025-era servers, marked where shown. */
export const DEPRECATED_CAPABILITIES = new Set(['sampling', 'roots', 'logging']);

/** "elicitation (form, url), sampling, roots (listChanged)": each capability with its sub-features, and `note(name)` after it. */
export function capabilityText(
  capabilities: Record<string, unknown>,
  note: (name: string) => string = () => '',
): string {
  return Object.entries(capabilities)
    .map(([name, value]) => {
      const parts =
        value && typeof value === 'object'
          ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== false)
          : [];
      return `${parts.length ? `${name} (${parts.join(', ')})` : name}${note(name)}`;
    })
    .join(', ');
}
