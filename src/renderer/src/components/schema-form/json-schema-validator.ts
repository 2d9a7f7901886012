import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  ErrorSchemaBuilder,
  toErrorList,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { sourceSchemaOf } from './form-schema';

/*
 * rjsf's own validator (@rjsf/validator-ajv8) compiles each schema with `new Function`, which the console's CSP
 * (script-src 'self', no 'unsafe-eval') refuses. @cfworker/json-schema interprets schemas instead (drafts 4 to
 * 2020-12), so this adapts it to rjsf's ValidatorType: errors by field, for the form and for JSON mode alike.
 */

/** Keywords that only report that something inside them failed; the inner failure is the one worth showing. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'patternProperties',
  'unevaluatedProperties',
  'contains',
]);

export interface FieldIssue {
  /** Path segments of the field ([] for the whole value). */
  path: (string | number)[];
  message: string;
  keyword: string;
}

/** Every leaf problem of `value` against `schema`, each at its field (a missing required field at that field). */
export function validateValue(schema: RJSFSchema, value: unknown): FieldIssue[] {
  let result;
  try {
    result = new Validator(schema as Schema, '2020-12', false).validate(value);
  } catch (error) {
    return [{ path: [], message: `the tool's schema cannot be used: ${(error as Error).message}`, keyword: 'schema' }];
  }
  if (result.valid) return [];
  const leaves = result.errors.filter((e) => !WRAPPERS.has(e.keyword));
  const issues = (leaves.length ? leaves : result.errors).map(issueOf);
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path.join('/')}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function issueOf(unit: OutputUnit): FieldIssue {
  const path = unit.instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~')))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const required = /required property "(.+)"/.exec(unit.error);
  if (unit.keyword === 'required' && required)
    return { path: [...path, required[1]], message: 'is required', keyword: 'required' };
  return { path, message: humanize(unit.error), keyword: unit.keyword };
}

/** cfworker's messages name the instance ("Instance has …"); at a field the field is already named. */
const humanize = (error: string) =>
  error
    .replace(
      /^Instance (does not match|has|is) /,
      (_m, verb: string) => `${verb === 'does not match' ? 'does not match' : verb} `,
    )
    .replace(/\.$/, '');

const propertyOf = (path: (string | number)[]) =>
  path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');

function withDefinitions(schema: RJSFSchema, rootSchema: RJSFSchema): RJSFSchema {
  if (schema === rootSchema) return schema;
  // A sub-schema's $refs point into the root: carry the root's definitions along.
  return {
    ...schema,
    ...(rootSchema.$defs ? { $defs: rootSchema.$defs } : {}),
    ...(rootSchema.definitions ? { definitions: rootSchema.definitions } : {}),
  };
}

/** A problem as the form shows it; by default the validator's English after the field's path. */
export type IssueSentence = (schema: RJSFSchema, issue: FieldIssue) => string;
const pathAndMessage: IssueSentence = (_schema, issue) => `${propertyOf(issue.path) || 'value'} ${issue.message}`;

/** rjsf's validator, each problem worded by `sentence` (SchemaForm's names the field in the console's language). */
export const createJsonSchemaValidator = (sentence: IssueSentence = pathAndMessage): ValidatorType => ({
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const issues = validateValue(sourceSchemaOf(schema), formData ?? {});
    const builder = new ErrorSchemaBuilder();
    let errors: RJSFValidationError[] = issues.map((issue) => {
      // The same whole sentence at the field and in the list: "is required" alone did not say which field.
      const text = sentence(schema, issue);
      builder.addErrors(text, issue.path.length ? issue.path : undefined);
      return { name: issue.keyword, message: text, property: propertyOf(issue.path), stack: text, params: {} };
    });
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    let data: ValidationData<unknown> = { errors, errorSchema: builder.ErrorSchema };
    if (customValidate) {
      const custom = customValidate(formData, createErrorHandler(formData), uiSchema);
      data = validationDataMerge(data, unwrapErrorHandler(custom));
      data = { ...data, errors: data.errors.length ? data.errors : toErrorList(data.errorSchema) };
    }
    return data;
  },
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    return validateValue(withDefinitions(schema, rootSchema), formData).length === 0;
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    const issues = validateValue(schema, formData);
    return issues.length ? { errors: issues as Result[] } : {};
  },
});

export const jsonSchemaValidator: ValidatorType = createJsonSchemaValidator();
