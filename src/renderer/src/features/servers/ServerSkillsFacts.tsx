import { uiMessageText } from '../../lib/i18n/messages';
import { useRpcQuery } from '../../lib/queries';
import { useTranslation } from 'react-i18next';

/**
 * The skills this server publishes (MCP Skills extension), in one line on its card: how many verified, and each one
 * refused or quarantined with its reason, or why the listing itself was refused. The Skills page has the details.
 */
export function ServerSkillsFacts({ server }: { server: string }) {
  const { t, i18n } = useTranslation('servers');
  const query = useRpcQuery('skills.servers', {});
  const listing = query.data?.listings.find((l) => l.server === server);
  if (!listing) return null;
  const skills = query.data!.skills.filter((s) => s.server === server);
  const verified = skills.filter((s) => s.state === 'verified').length;
  const problems = skills.filter((s) => s.state !== 'verified');
  return (
    <div className="server-skills-facts small" data-testid="server-skills-facts">
      <span>{t('serverSkills.summary', { count: skills.length, verified })}</span>
      {listing.error && (
        <p className={listing.state === 'failed' ? 'field-error' : 'warn-text'}>{uiMessageText(i18n, listing.error)}</p>
      )}
      {problems.map((skill) => (
        <p key={skill.name} className={skill.state === 'refused' ? 'field-error' : 'warn-text'}>
          {t(`serverSkills.${skill.state === 'refused' ? 'refused' : 'quarantined'}`, { name: skill.name })}{' '}
          {skill.reason ? uiMessageText(i18n, skill.reason) : ''}
        </p>
      ))}
    </div>
  );
}
