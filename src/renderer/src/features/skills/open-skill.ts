import { useUiStore } from '../../app/ui-store';
import { useSkillsUiStore } from './skills-ui-store';

/** Opens the Skills page with this skill selected. */
export function openSkill(name: string): void {
  useSkillsUiStore.getState().requestSelect(name);
  useUiStore.getState().setPage('skills');
}
