import { describe, expect, it } from 'vitest';
import {
  checkContent,
  defaultContent,
  elicitationFields,
  SECRET_ANSWER_MARKER,
  valueFromText,
  withoutSecretAnswers,
} from './fields';

/** The conformance scenario's schema (SEP-1034) plus the other spellings the spec allows. */
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', default: 30, minimum: 0, maximum: 150 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
    email: { type: 'string', title: 'Email', format: 'email' },
    born: { type: 'string', format: 'date' },
    pet: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] },
    hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }] },
    fish: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'f1', title: 'Tuna' },
          { const: 'f2', title: 'Salmon' },
          { const: 'f3', title: 'Trout' },
        ],
      },
    },
    code: { type: 'string', minLength: 3, maxLength: 4 },
  },
  required: ['email'],
};

describe('elicitation fields', () => {
  const fields = elicitationFields(schema);

  it('reads every spelling of the restricted schema subset, in property order', () => {
    expect(fields.map((f) => `${f.name}:${f.kind}`)).toEqual([
      'name:text',
      'age:integer',
      'score:number',
      'status:select',
      'verified:boolean',
      'email:text',
      'born:text',
      'pet:select',
      'hero:select',
      'fish:multiselect',
      'code:text',
    ]);
    expect(fields.find((f) => f.name === 'pet')!.options).toEqual([
      { value: 'pet-1', label: 'Cats' },
      { value: 'pet-2', label: 'Dogs' },
    ]);
    expect(fields.find((f) => f.name === 'fish')).toMatchObject({
      minItems: 1,
      maxItems: 2,
      options: [
        { value: 'f1', label: 'Tuna' },
        { value: 'f2', label: 'Salmon' },
        { value: 'f3', label: 'Trout' },
      ],
    });
    expect(fields.find((f) => f.name === 'email')).toMatchObject({ label: 'Email', format: 'email', required: true });
  });

  it('fills omitted fields with their defaults (SEP-1034) and keeps what was answered', () => {
    expect(defaultContent(fields)).toEqual({
      name: 'John Doe',
      age: 30,
      score: 95.5,
      status: 'active',
      verified: true,
    });
    expect(checkContent(fields, { email: 'a@b.co', age: 41 })).toEqual({
      content: { name: 'John Doe', age: 41, score: 95.5, status: 'active', verified: true, email: 'a@b.co' },
      problems: [],
    });
  });

  it('names every problem with its field', () => {
    const { problems } = checkContent(fields, {
      email: 'nope',
      age: 30.5,
      status: 'gone',
      born: '2023-02-30',
      fish: ['f1', 'f2', 'f3'],
      code: 'ab',
      extra: 1,
    });
    expect(problems.map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'extra', message: 'the form does not ask for this field' },
      { field: 'age', message: 'age must be a whole number' },
      { field: 'status', message: 'status must be one of the listed choices' },
      { field: 'email', message: 'Email must be an email address' },
      { field: 'born', message: 'born must be a date (YYYY-MM-DD)' },
      { field: 'fish', message: 'choose at most 2 for fish' },
      { field: 'code', message: 'code needs at least 3 characters' },
    ]);
    expect(checkContent(fields, {}).problems).toEqual([
      {
        field: 'email',
        message: 'Email is required',
        uiMessage: { code: 'form.required', params: { label: 'Email' }, text: 'Email is required' },
      },
    ]);
    // The code carries the label and the limit as they are, for the console to translate around them.
    expect(checkContent(fields, { email: 'a@b.co', age: 200 }).problems).toEqual([
      {
        field: 'age',
        message: 'age must be at most 150',
        uiMessage: {
          code: 'form.aboveMaximum',
          params: { label: 'age', maximum: 150 },
          text: 'age must be at most 150',
        },
      },
    ]);
    expect(problems.every((p) => p.uiMessage.text === p.message)).toBe(true);
  });

  it('reads typed text the way a person means it', () => {
    const by = (name: string) => fields.find((f) => f.name === name)!;
    expect(valueFromText(by('age'), ' 42 ')).toBe(42);
    expect(valueFromText(by('verified'), 'no')).toBe(false);
    expect(valueFromText(by('pet'), 'Dogs')).toBe('pet-2');
    expect(valueFromText(by('fish'), 'Tuna, f3')).toEqual(['f1', 'f3']);
    expect(valueFromText(by('name'), '')).toBeUndefined();
    expect(valueFromText(by('age'), 'many')).toBe('many'); // left for checkContent to refuse
  });
});

describe('fields that look like secrets', () => {
  it('by format, name or title word, in English and Chinese; not by a word that merely contains one', () => {
    const fields = elicitationFields({
      type: 'object',
      properties: {
        password: { type: 'string' },
        apiKey: { type: 'string' },
        API_TOKEN: { type: 'string' },
        account: { type: 'string', title: 'Client secret' },
        pass: { type: 'string', format: 'password' },
        code: { type: 'string', title: '短信验证码' },
        keyword: { type: 'string' },
        monkey: { type: 'string' },
        email: { type: 'string', format: 'email', description: 'the key contact for this order' },
      },
    });
    expect(Object.fromEntries(fields.map((f) => [f.name, f.secret]))).toEqual({
      password: true,
      apiKey: true,
      API_TOKEN: true,
      account: true,
      pass: true,
      code: true,
      keyword: false,
      monkey: false,
      email: false,
    });
  });

  it('an answer is kept with each secret replaced by the marker, the rest as given', () => {
    const fields = elicitationFields({
      type: 'object',
      properties: { user: { type: 'string' }, password: { type: 'string' } },
    });
    expect(withoutSecretAnswers(fields, { user: 'ana', password: 'hunter2' })).toEqual({
      user: 'ana',
      password: SECRET_ANSWER_MARKER,
    });
    expect(withoutSecretAnswers(fields, { user: 'ana' })).toEqual({ user: 'ana' });
  });
});
