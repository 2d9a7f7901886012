import { useCallback, useMemo } from 'react';
import type { Skill } from '../../../../shared/config/schema';
import type { CatalogListView } from '../../../../shared/contract';
import { Empty, LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { catalogRows } from '../../lib/catalog/catalog-rows';
import { useOpenRequest, useUnsavedChangesGuard } from '../../app/navigation';
import { ServerSkillsPanel } from './ServerSkillsPanel';
import { SkillEditor } from './SkillEditor';
import { SkillsSaveBar } from './SkillsSaveBar';
import { savedValueOf, useSkillsDraftStore, useSkillsUiStore, type SavedSkills } from './skills-ui-store';
import { shownValue } from '../../lib/drafts/draft-store';
import { newSkill, skillProblemsFromPaths, validateSkills } from './skill-validation';
import { useSkillsSave } from './use-skills-save';
import './skills.css';
import { useTranslation } from 'react-i18next';

/** Skill manuals: what load_skill loads, and which bound tools each one unlocks. */
export function SkillsPage() {
  const { t } = useTranslation('skills');
  const skills = useRpcQuery('skills.get', {});
  return (
    <section aria-labelledby="skills-title" className="skills-page">
      <h1 id="skills-title">{t('skillsPage.skills')}</h1>
      {skills.isPending ? (
        <Loading>{t('skillsPage.loadingSkills')}</Loading>
      ) : skills.isError ? (
        <LoadError what={t('skillsPage.theSkills')} error={skills.error} onRetry={() => void skills.refetch()} />
      ) : (
        <SkillsEditor saved={skills.data} />
      )}
      <ServerSkillsPanel />
    </section>
  );
}

function SkillsEditor({ saved: savedSkills }: { saved: SavedSkills }) {
  const { t } = useTranslation('skills');
  const saved = useMemo(() => savedValueOf(savedSkills), [savedSkills]);
  const skills = useSkillsDraftStore((state) => shownValue(state, saved));
  const serverProblems = useSkillsDraftStore((state) => state.serverProblems);
  const select = useSkillsUiStore((state) => state.select);
  const selectedIndex = useSkillsUiStore((state) => state.selected);
  const catalog = useRpcQuery('catalog.list', {});
  const save = useSkillsSave(saved);
  const bound = useMemo(() => (catalog.data ? boundToolIds(catalog.data) : null), [catalog.data]);
  const local = useMemo(() => validateSkills(skills, t), [skills, t]);
  // A language switch (a new t) re-words main's problems.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fromServer = useMemo(() => skillProblemsFromPaths(serverProblems), [serverProblems, t]);
  useUnsavedChangesGuard('skills', save.dirty, save.discard, t('skillsPage.leaveMessage'));

  useOpenBySkillName(skills);

  const selected = selectedIndex !== null && selectedIndex < skills.length ? selectedIndex : skills.length ? 0 : null;
  // Adding or deleting shifts indexes, so main's problems (by index) no longer point at the right skill.
  const edit = (next: Skill[], selectAfter?: number | null) => {
    useSkillsDraftStore.getState().edit(next, saved, { structural: selectAfter !== undefined });
    if (selectAfter !== undefined) select(selectAfter);
  };
  const problemsOf = (index: number) => [...(local.get(index) ?? []), ...(fromServer.bySkill.get(index) ?? [])];

  return (
    <>
      <SkillsSaveBar save={save} localProblems={local} skills={skills} general={fromServer.general} onSelect={select} />
      <div className="skills-columns">
        <SkillList
          skills={skills}
          selected={selected}
          problemCount={(index) => problemsOf(index).length}
          onSelect={select}
          onAdd={() => edit([...skills, newSkill(skills)], skills.length)}
        />
        <div className="skills-editor-pane">
          {catalog.isError && (
            <LoadError
              what={t('skillsPage.theBoundTools')}
              error={catalog.error}
              onRetry={() => void catalog.refetch()}
            />
          )}
          {selected !== null && skills[selected] ? (
            <SkillEditor
              key={selected}
              skill={skills[selected]}
              problems={problemsOf(selected)}
              bound={bound}
              onChange={(skill) => edit(skills.map((s, i) => (i === selected ? skill : s)))}
              onDelete={() =>
                edit(
                  skills.filter((_, i) => i !== selected),
                  Math.max(0, selected - 1),
                )
              }
            />
          ) : (
            <p className="state-empty">{t('skillsPage.addASkillTo')}</p>
          )}
        </div>
      </div>
    </>
  );
}

/** The rows that are bindings (gated ones too), one per tool name, sorted like the list. */
const boundToolIds = (catalog: CatalogListView): string[] =>
  catalogRows(catalog)
    .filter((e) => e.state === 'bound' || e.state === 'gated')
    .map((e) => e.toolId);

/** A skill named from another page (a tool's "gating skills") is selected once the list is here. */
function useOpenBySkillName(skills: readonly Skill[]) {
  const selectByName = useCallback(
    (name: string) => {
      const index = skills.findIndex((s) => s.name === name);
      if (index >= 0) useSkillsUiStore.getState().select(index);
    },
    [skills],
  );
  useOpenRequest('skills', selectByName);
}

interface SkillListProps {
  skills: readonly Skill[];
  selected: number | null;
  problemCount: (index: number) => number;
  onSelect: (index: number) => void;
  onAdd: () => void;
}

/** The skills by name, with how many tools each unlocks and its problems; Add appends a new one. */
function SkillList({ skills, selected, problemCount, onSelect, onAdd }: SkillListProps) {
  const { t } = useTranslation('skills');
  return (
    <nav className="skills-list" aria-label={t('skillsPage.skills')}>
      <button type="button" className="btn btn-small" onClick={onAdd}>
        {t('skillsPage.addSkill')}
      </button>
      {skills.length === 0 ? (
        <Empty>{t('skillsPage.noSkillsASkill')}</Empty>
      ) : (
        <ul>
          {skills.map((skill, index) => (
            <li key={index}>
              <button
                type="button"
                className={`skill-link${index === selected ? ' active' : ''}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => onSelect(index)}
                data-testid="skill-item"
              >
                <strong>{skill.name || t('skillsPage.noName')}</strong>
                <span className="muted small">
                  {t('skillsPage.unlocksTools', { count: skill.unlocks.length })}
                  {skill.server ? ` · ${t('skillsPage.fromServer', { server: skill.server })}` : ''}
                  {problemCount(index) ? ` · ⚠ ${problemCount(index)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
