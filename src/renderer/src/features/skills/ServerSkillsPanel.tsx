import type { ServerSkillsListing, ServerSkillView } from '../../../../shared/skills/server-skills';
import { ActionFailure } from '../../components/ActionFailure';
import { LoadError } from '../../components/QueryState';
import { formatTime } from '../../lib/format';
import { uiMessageText } from '../../lib/i18n/messages';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { useTranslation } from 'react-i18next';

const TONE = { verified: 'ok', quarantined: 'warn', refused: 'bad' } as const;

/**
 * The skills servers publish (the MCP Skills extension), beside the local ones: each with its server, whether its
 * files were verified (digest and size), and its pin. A quarantined one (its digest changed since it was pinned) is
 * accepted here; a refused one says why.
 */
export function ServerSkillsPanel() {
  const { t } = useTranslation('skills');
  const query = useRpcQuery('skills.servers', {});
  // skills.serverSkillsChanged follows each listing (it ends before the answer) and each acceptance: one refetch.
  const refresh = useRpcMutation('skills.refreshServer');
  if (query.isPending) return null;
  if (query.isError)
    return (
      <LoadError what={t('serverSkills.theServerSkills')} error={query.error} onRetry={() => void query.refetch()} />
    );
  const { skills, listings } = query.data;
  if (listings.length === 0) return null;
  return (
    <section className="server-skills" aria-labelledby="server-skills-title" data-testid="server-skills">
      <div className="detail-head">
        <h2 id="server-skills-title">{t('serverSkills.title')}</h2>
        <button type="button" className="btn btn-small" disabled={refresh.isPending} onClick={() => refresh.mutate({})}>
          {t('serverSkills.listAgain')}
        </button>
      </div>
      <p className="muted small">{t('serverSkills.hint')}</p>
      {listings.map((listing) => (
        <ServerListing
          key={listing.server}
          listing={listing}
          skills={skills.filter((s) => s.server === listing.server)}
        />
      ))}
    </section>
  );
}

function ServerListing({ listing, skills }: { listing: ServerSkillsListing; skills: readonly ServerSkillView[] }) {
  const { t, i18n } = useTranslation('skills');
  return (
    <div className="server-skills-listing" data-testid="server-skills-listing" data-server={listing.server}>
      <h3 className="small-heading">
        {t('serverSkills.fromServer', { server: listing.server })}{' '}
        <span className="muted small">
          {listing.state === 'listing'
            ? t('serverSkills.listing')
            : listing.ttlMs
              ? t('serverSkills.ttl', {
                  seconds: Math.round(listing.ttlMs / 1000),
                  next: listing.nextListAt ? formatTime(listing.nextListAt) : '-',
                })
              : t('serverSkills.noTtl')}
        </span>
      </h3>
      {listing.error && (
        <p className={listing.state === 'failed' ? 'field-error' : 'warn-text'} data-testid="server-skills-error">
          {uiMessageText(i18n, listing.error)}
        </p>
      )}
      {skills.length > 0 && (
        <ul className="server-skill-rows">
          {skills.map((skill) => (
            <ServerSkillRow key={`${skill.server}/${skill.name}`} skill={skill} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ServerSkillRow({ skill }: { skill: ServerSkillView }) {
  const { t, i18n } = useTranslation('skills');
  const accept = useRpcMutation('skills.acceptServerSkill');
  return (
    <li className="server-skill" data-testid="server-skill" data-state={skill.state}>
      <div>
        <strong>{skill.name}</strong>{' '}
        <span className={`status status-${TONE[skill.state]}`}>{t(`serverSkills.state.${skill.state}`)}</span>{' '}
        <span className="muted small">
          {t('serverSkills.size', { count: skill.files, bytes: skill.bytes.toLocaleString(i18n.language) })}
          {skill.digest ? ` · sha256 ${skill.digest.slice(0, 12)}` : ''}
          {skill.usedBy ? ` · ${t('serverSkills.usedBy', { name: skill.usedBy })}` : ''}
        </span>
      </div>
      {skill.description && <div className="small">{skill.description}</div>}
      {skill.reason && (
        <p className={skill.state === 'refused' ? 'field-error' : 'warn-text'}>{uiMessageText(i18n, skill.reason)}</p>
      )}
      {skill.state === 'quarantined' && skill.digest && (
        <div className="actions">
          <span className="muted small">
            {t('serverSkills.pinned', {
              at: skill.pinnedAt ? formatTime(skill.pinnedAt) : '-',
              digest: (skill.pinnedDigest ?? '').slice(0, 12),
            })}
          </span>{' '}
          <button
            type="button"
            className="btn btn-small"
            disabled={accept.isPending}
            onClick={() => accept.mutate({ server: skill.server, name: skill.name, digest: skill.digest! })}
          >
            {t('serverSkills.accept')}
          </button>
        </div>
      )}
      <ActionFailure action={accept} />
    </li>
  );
}
