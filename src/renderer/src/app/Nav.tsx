import { PAGES, type PageId } from './navigation';
import { useUiStore } from './ui-store';
import { useTranslation } from 'react-i18next';

export function Nav({ badges = {} }: { badges?: Partial<Record<PageId, number>> }) {
  const { t } = useTranslation('common');
  const page = useUiStore((s) => s.page);
  const setPage = useUiStore((s) => s.setPage);
  return (
    <nav className="nav" aria-label={t('nav.main')}>
      <div className="brand">{t('nav.switchboard')}</div>
      <ul>
        {PAGES.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={item.id === page ? 'nav-link active' : 'nav-link'}
              aria-current={item.id === page ? 'page' : undefined}
              onClick={() => setPage(item.id)}
            >
              <span>{t(`nav.pages.${item.id}`)}</span>
              {badges[item.id] ? (
                <span className="badge" aria-label={t('nav.pending', { count: badges[item.id] })}>
                  {badges[item.id]}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
