import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../../shared/contract';
import { checkExternalUrl, revealHiddenCharacters } from '../../../../shared/net/external-url';
import { ToolIcon } from '../../components/ToolLook';

/**
 * What the server says of itself (either era): its icon (main sends only inline data: images; a remote URL is never
 * fetched), its title, name and version, and its website: a link only when the URL gate passes it (https:, or http:
 * on this machine), otherwise the address as text with hidden characters shown.
 */
export function ServerIdentity({ info }: { info: NonNullable<ServerView['serverInfo']> }) {
  const { t } = useTranslation('servers');
  const website = info.websiteUrl ? checkExternalUrl(info.websiteUrl) : undefined;
  return (
    <>
      <ToolIcon src={info.icons?.[0]?.src} />
      {info.title && (
        <span className="server-title" data-testid="server-title">
          {info.title}
        </span>
      )}
      <span className="muted small">
        {info.name} {info.version}
      </span>
      {info.websiteUrl && website?.ok && (
        <a
          className="small"
          href={website.url.href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="server-website"
          title={website.url.href}
        >
          {t('serverCard.website', { host: website.host })}
        </a>
      )}
      {info.websiteUrl && website && !website.ok && (
        <span className="muted small" data-testid="server-website-refused">
          {t('serverCard.websiteNotLinked', { url: revealHiddenCharacters(info.websiteUrl) })}
        </span>
      )}
    </>
  );
}
