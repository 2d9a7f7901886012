import { useTranslation } from 'react-i18next';
/**
 * The last initialize, both ways: what the server offered, and what we declared. A server may offer some
 * tools only to clients that declared what they need (elicitation, sampling, roots), so both are shown.
 */
export function CapabilitiesFacts({ offered, declared }: { offered: Record<string, unknown> | null; declared: Record<string, unknown> | null }) {
  const { t } = useTranslation(['servers', 'common']);
  return (
    <>
      <dt>{t('capabilitiesFacts.weDeclared')}</dt>
      <dd data-testid="declared-capabilities">{declared ? capabilityText(declared) || t('common:shared.nothing') : <span className="muted">{t('capabilitiesFacts.notYet')}</span>}</dd>
      <dt>{t('capabilitiesFacts.itOffered')}</dt>
      <dd data-testid="offered-capabilities">{offered ? capabilityText(offered) || t('common:shared.nothing') : <span className="muted">{t('capabilitiesFacts.unknownWhileNotConnected')}</span>}</dd>
    </>
  );
}

/** "elicitation (form, url), sampling, roots (listChanged)": each capability with its sub-features. */
export function capabilityText(capabilities: Record<string, unknown>): string {
  return Object.entries(capabilities)
    .map(([name, value]) => {
      const parts = value && typeof value === 'object' ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== false) : [];
      return parts.length ? `${name} (${parts.join(', ')})` : name;
    })
    .join(', ');
}
