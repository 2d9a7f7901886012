import type { TFunction } from 'i18next';
import type { Skill } from '../../../../shared/config/schema';
import { problemText, type FieldProblem } from '../../lib/rpc-problems';
import { i18n } from '../../lib/i18n';
import { messageText } from '../../lib/i18n/messages';
import { nameProblem, SKILL_NAME, skillListProblems } from '../../../../shared/config/rules';

export interface SkillProblem {
  field: string;
  message: string;
}

/** Problems by skill index. */
export type SkillProblems = Map<number, SkillProblem[]>;

const add = (problems: SkillProblems, index: number, problem: SkillProblem) =>
  problems.set(index, [...(problems.get(index) ?? []), problem]);

const NAME_PROBLEM_KEYS = {
  required: 'validation.nameRequired',
  tooLong: 'validation.nameTooLong',
  characters: 'validation.nameCharacters',
} as const;

/**
 * The rules main applies to skills (shared/config/rules.ts), checked as the operator types; problems in the language
 * shown (`t`), a rule across skills in main's own words (the messages namespace).
 */
export function validateSkills(skills: readonly Skill[], t: TFunction<'skills'>): SkillProblems {
  const problems: SkillProblems = new Map();
  skills.forEach((skill, index) => {
    const problem = nameProblem(SKILL_NAME, skill.name);
    if (problem)
      add(problems, index, { field: 'name', message: t(NAME_PROBLEM_KEYS[problem], { count: SKILL_NAME.maxLength }) });
    if (skill.unlocks.length === 0)
      add(problems, index, { field: 'unlocks', message: t('validation.unlocksRequired') });
  });
  // i18next's fixed `t` carries its language: the messages come in the same one.
  const language = (t as unknown as { lng?: string }).lng;
  for (const { path, message } of skillListProblems(skills, null))
    add(problems, Number(path[1]), {
      field: String(path[2]),
      message: messageText(i18n, message, undefined, language),
    });
  return problems;
}

/** `skills.2.unlocks` -> skill 2, field unlocks (in the UI language now); anything else is general. */
export function skillProblemsFromPaths(problems: readonly FieldProblem[]): {
  bySkill: SkillProblems;
  general: FieldProblem[];
} {
  const bySkill: SkillProblems = new Map();
  const general: FieldProblem[] = [];
  for (const problem of problems) {
    const match = /^skills\.(\d+)(?:\.([^.]+))?/.exec(problem.path);
    if (match) add(bySkill, Number(match[1]), { field: match[2] ?? '', message: problemText(problem) });
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
