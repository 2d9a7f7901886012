import { PAGES, type PageId } from './navigation';
import { useUiStore } from './ui-store';

export function Nav({ badges = {} }: { badges?: Partial<Record<PageId, number>> }) {
  const page = useUiStore((s) => s.page);
  const setPage = useUiStore((s) => s.setPage);
  return (
    <nav className="nav" aria-label="Main">
      <div className="brand">Switchboard</div>
      <ul>
        {PAGES.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={item.id === page ? 'nav-link active' : 'nav-link'}
              aria-current={item.id === page ? 'page' : undefined}
              onClick={() => setPage(item.id)}
            >
              <span>{item.label}</span>
              {badges[item.id] ? <span className="badge" aria-label={`${badges[item.id]} pending`}>{badges[item.id]}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
