import type { TFunction } from 'i18next';
import type { Skill } from '../../../../shared/config/schema';
import type { FieldProblem } from '../../lib/rpc-problems';

export interface SkillProblem {
  field: string;
  message: string;
}

/** Problems by skill index. */
export type SkillProblems = Map<number, SkillProblem[]>;

const SKILL_NAME = /^[A-Za-z0-9_-]+$/;

const add = (problems: SkillProblems, index: number, problem: SkillProblem) =>
  problems.set(index, [...(problems.get(index) ?? []), problem]);

/** The rules main applies to skills, checked as the operator types; problems in the language shown (`t`). */
export function validateSkills(skills: readonly Skill[], t: TFunction<'skills'>): SkillProblems {
  const problems: SkillProblems = new Map();
  const seen = new Set<string>();
  skills.forEach((skill, index) => {
    if (!skill.name) add(problems, index, { field: 'name', message: t('validation.nameRequired') });
    else if (skill.name.length > 64) add(problems, index, { field: 'name', message: t('validation.nameTooLong') });
    else if (!SKILL_NAME.test(skill.name))
      add(problems, index, { field: 'name', message: t('validation.nameCharacters') });
    else if (seen.has(skill.name))
      add(problems, index, { field: 'name', message: t('validation.duplicateName', { name: skill.name }) });
    seen.add(skill.name);
    if (skill.unlocks.length === 0)
      add(problems, index, { field: 'unlocks', message: t('validation.unlocksRequired') });
  });
  return problems;
}

/** `skills.2.unlocks` -> skill 2, field unlocks; anything else is general. */
export function skillProblemsFromPaths(problems: readonly FieldProblem[]): {
  bySkill: SkillProblems;
  general: FieldProblem[];
} {
  const bySkill: SkillProblems = new Map();
  const general: FieldProblem[] = [];
  for (const problem of problems) {
    const match = /^skills\.(\d+)(?:\.([^.]+))?/.exec(problem.path);
    if (match) add(bySkill, Number(match[1]), { field: match[2] ?? '', message: problem.message });
    else general.push(problem);
  }
  return { bySkill, general };
}

export function newSkill(skills: readonly Skill[]): Skill {
  const names = new Set(skills.map((s) => s.name));
  let name = 'new-skill';
  for (let n = 2; names.has(name); n++) name = `new-skill-${n}`;
  return { name, description: '', manual: '', unlocks: [] };
}
