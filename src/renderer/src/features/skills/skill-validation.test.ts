import { expect, it } from 'vitest';
import type { Skill } from '../../../../shared/config/schema';
import { i18n } from '../../lib/i18n';
import { validateSkills } from './skill-validation';

const skills = [
  { name: 'refunds', description: 'd', unlocks: [] },
  { name: 'refunds', description: 'd', unlocks: ['apply_refund'] },
  { name: 'bad name', description: 'd', unlocks: ['x'] },
] as unknown as Skill[];

it('says what is wrong with each skill in the language shown, names verbatim', () => {
  const english = validateSkills(skills, i18n.getFixedT('en', 'skills'));
  expect(english.get(0)).toEqual([{ field: 'unlocks', message: 'a skill must unlock at least one tool' }]);
  expect(english.get(1)).toEqual([{ field: 'name', message: 'duplicate skill name "refunds"' }]);
  expect(english.get(2)).toEqual([{ field: 'name', message: 'use letters, digits, "_" or "-"' }]);
  const chinese = validateSkills(skills, i18n.getFixedT('zh-CN', 'skills'));
  expect(chinese.get(0)).toEqual([{ field: 'unlocks', message: '技能至少要解锁一个工具' }]);
  expect(chinese.get(1)).toEqual([{ field: 'name', message: '技能名称“refunds”重复' }]);
});
