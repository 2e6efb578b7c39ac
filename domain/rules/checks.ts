/**
 * The few building blocks the shared form rules (domain/rules/*-rules.ts) are written with: a rule for one value
 * (a type test, then checks in order; the first that fails names the problem) and a form (a rule per field, then
 * cross-field checks). Plain TypeScript, so the web app gets its rules without a validation library: the rules were
 * arktype types, and arktype alone was 47 KB gzip on every page with a form (docs/performance.md "Bundles").
 *
 * They keep the semantics those types had, because the server answers with the same rules (server/http/rules.ts):
 * every field is checked and reports its first problem; a missing field, or a wrong type where the rule names no
 * message, reads as `accounts:rules.required`; cross-field checks only run once every field is good, and the first
 * that fails is the only one reported. tests/unit/domain/rules-parity.test.ts holds them to the arktype originals.
 */

export interface RuleProblem {
  /** Dotted path of the field, e.g. `password_2`; '' for the value itself. */
  field: string;
  /** The translation key, e.g. `accounts:rules.password_needs_symbol` or `wallet:rules.card_number_invalid`. */
  message: string;
}

/** Any rule or form: the value's problems in the order found, none when it is good. */
export type Check = (value: unknown) => RuleProblem[];

/** What a missing field or a value of an unexpected type reads as, when the rule names no message of its own. */
export const UNNAMED_PROBLEM = 'accounts:rules.required';

/** A rule for one value; callable as a check of its own (its problem sits on field ''). */
export interface Rule<T> extends Check {
  /** The first problem's message (the type's, then each check's in order), or null when the value is good. */
  problem(value: unknown): string | null;
  allows(value: unknown): value is T;
  /** This rule, then `ok` (only reached when everything before it passed), failing with `message`. */
  narrow(ok: (value: T) => boolean, message: string): Rule<T>;
}

type Narrowing<T> = readonly [ok: (value: T) => boolean, message: string];

function buildRule<T>(
  is: (value: unknown) => value is T,
  typeMessage: string,
  checks: readonly Narrowing<T>[],
): Rule<T> {
  const problem = (value: unknown): string | null => {
    if (!is(value)) return typeMessage;
    for (const [ok, message] of checks) if (!ok(value)) return message;
    return null;
  };
  const check: Check = (value) => {
    const message = problem(value);
    return message === null ? [] : [{ field: '', message }];
  };
  return Object.assign(check, {
    problem,
    allows: (value: unknown): value is T => problem(value) === null,
    narrow: (ok: (value: T) => boolean, message: string) =>
      buildRule(is, typeMessage, [...checks, [ok, message] as const]),
  });
}

/** A rule whose value must pass `is`, else `typeMessage`. */
export function rule<T>(is: (value: unknown) => value is T, typeMessage: string = UNNAMED_PROBLEM): Rule<T> {
  return buildRule(is, typeMessage, []);
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** A number that is not NaN (Infinity is a number; the rules' own checks refuse it). */
export const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

// ---- Forms

/** A field that may be left out; when present, its rule applies. */
export interface Optional<T> {
  readonly optional: Rule<T>;
}

export function optional<T>(field: Rule<T>): Optional<T> {
  return { optional: field };
}

// Any field type: FormValue reads each one back.
type Shape = Record<string, Rule<any> | Optional<any>>;
type ValueOf<R> = R extends Optional<infer T> ? T : R extends Rule<infer T> ? T : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends Optional<unknown> ? never : K }[keyof S];
type OptionalKeys<S> = Exclude<keyof S, RequiredKeys<S>>;
export type FormValue<S> = { [K in RequiredKeys<S>]: ValueOf<S[K]> } & { [K in OptionalKeys<S>]?: ValueOf<S[K]> };

/** A cross-field check: the problem (on the field the user must fix), or null when the fields agree. */
type Refinement<T> = (value: T) => RuleProblem | null;

export interface Form<T> extends Check {
  /** This form, then `refinement` once every field is good. */
  refine(refinement: Refinement<T>): Form<T>;
  /** Both forms' fields, then this form's cross-field checks and the other's. */
  and<U>(other: Form<U>): Form<T & U>;
}

interface FormParts {
  fields: Record<string, Rule<unknown>>;
  required: readonly string[];
  optional: readonly string[];
  refinements: readonly Refinement<never>[];
}

const isObject = (value: unknown): value is object =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

// Fields are visited required first, then optional, each in code-unit order of their names: the order arktype
// reported them in, which decides the order of the missing fields (ruleProblems sorts the rest as the value has them).
const sorted = (keys: readonly string[]) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const partsOf = new WeakMap<Check, FormParts>();

function buildForm<T>(parts: FormParts): Form<T> {
  const check: Check = (value) => {
    if (!isObject(value)) return [{ field: '', message: UNNAMED_PROBLEM }];
    const record = value as Record<string, unknown>;
    const problems: RuleProblem[] = [];
    for (const key of parts.required) {
      // `in`, not own keys: a field is there when reading it gives a value, as it was for arktype.
      const message = key in record ? parts.fields[key]!.problem(record[key]) : UNNAMED_PROBLEM;
      if (message !== null) problems.push({ field: key, message });
    }
    for (const key of parts.optional) {
      const message = key in record ? parts.fields[key]!.problem(record[key]) : null;
      if (message !== null) problems.push({ field: key, message });
    }
    if (problems.length > 0) return problems;
    for (const refinement of parts.refinements as readonly Refinement<unknown>[]) {
      const problem = refinement(value);
      if (problem) return [problem];
    }
    return [];
  };
  const built: Form<T> = Object.assign(check, {
    refine: (refinement: Refinement<T>) =>
      buildForm<T>({ ...parts, refinements: [...parts.refinements, refinement as Refinement<never>] }),
    and: <U>(other: Form<U>) => {
      const theirs = partsOf.get(other)!;
      for (const key of Object.keys(theirs.fields)) {
        // arktype intersected a field both sides declare; no form here does, so it is refused rather than guessed.
        if (Object.hasOwn(parts.fields, key)) throw new Error(`forms share the field ${key}`);
      }
      return buildForm<T & U>({
        fields: { ...parts.fields, ...theirs.fields },
        required: sorted([...parts.required, ...theirs.required]),
        optional: sorted([...parts.optional, ...theirs.optional]),
        refinements: [...parts.refinements, ...theirs.refinements],
      });
    },
  });
  partsOf.set(built, parts);
  return built;
}

/** A form of named fields; a field's rule may be wrapped in `optional()`. Undeclared keys are ignored. */
export function form<S extends Shape>(shape: S): Form<FormValue<S>> {
  const fields: Record<string, Rule<unknown>> = {};
  const required: string[] = [];
  const optionalKeys: string[] = [];
  for (const [key, entry] of Object.entries(shape)) {
    if ('optional' in entry) {
      fields[key] = entry.optional as Rule<unknown>;
      optionalKeys.push(key);
    } else {
      fields[key] = entry as Rule<unknown>;
      required.push(key);
    }
  }
  return buildForm({ fields, required: sorted(required), optional: sorted(optionalKeys), refinements: [] });
}

/**
 * Runs a rule or form and returns its problems (the first per field, in the order of the value's keys; fields the
 * value lacks last), or null when the value is good.
 */
export function ruleProblems(check: Check, value: unknown): RuleProblem[] | null {
  const found = check(value);
  if (found.length === 0) return null;
  const seen = new Set<string>();
  const problems: RuleProblem[] = [];
  for (const problem of found) {
    if (seen.has(problem.field)) continue;
    seen.add(problem.field);
    problems.push(problem);
  }
  const order = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  const rank = (field: string) => {
    const i = order.indexOf(field.split('.')[0] ?? '');
    return i < 0 ? order.length : i;
  };
  return problems.sort((a, b) => rank(a.field) - rank(b.field));
}
