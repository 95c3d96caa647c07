import type { z } from 'zod';

/**
 * Reads a contract's zod 4 schema to build a plausible (valid) input and list the fields that a
 * fuzz case can spoil one at a time, so a bad value reaches the handler instead of stopping at
 * the first required field the input lacks.
 */

/** The parts of a zod 4 definition this walk reads (zod keeps them on `schema._zod.def`). */
type LooseDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  items?: z.ZodType[];
};

export type FieldPath = (string | number)[];

const MAX_DEPTH = 6;

/** Strings and numbers that pass most field rules: phones, codes, passwords, names, ids. */
const STRING_CANDIDATES = [
  '13900000000',
  '123456',
  'Abc@12345',
  'Test_1',
  '测试企业有限公司',
  'abc',
  '2024-01-01',
  '91110000000000000X',
  'a',
];
const NUMBER_CANDIDATES = [1, 2, 0, 10, 100, 2024, -1];

function defOf(schema: z.ZodType): LooseDef {
  return (schema as unknown as { _zod: { def: LooseDef } })._zod.def;
}

function firstValid(schema: z.ZodType, candidates: unknown[]): unknown {
  return candidates.find((c) => schema.safeParse(c).success) ?? candidates[0];
}

/** A value the schema accepts where it can tell (the handler then sees the one spoiled field). */
export function plausibleValue(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return undefined;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([k, v]) => [k, plausibleValue(v, depth + 1)]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return plausibleValue(def.innerType!, depth);
    case 'pipe':
      // z.preprocess is pipe(transform, schema): the transform takes anything the schema does.
      return plausibleValue(defOf(def.in!).type === 'transform' ? def.out! : def.in!, depth);
    case 'lazy':
      return plausibleValue(def.getter!(), depth + 1);
    case 'array':
      return [plausibleValue(def.element!, depth + 1)];
    case 'tuple':
      return (def.items ?? []).map((item) => plausibleValue(item, depth + 1));
    case 'union':
      return plausibleValue(def.options![0], depth);
    case 'intersection':
      return {
        ...(plausibleValue(def.left!, depth) as object),
        ...(plausibleValue(def.right!, depth) as object),
      };
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'string':
      return firstValid(schema, STRING_CANDIDATES);
    case 'number':
    case 'int':
      return firstValid(schema, NUMBER_CANDIDATES);
    case 'boolean':
      return true;
    case 'record':
      return {};
    default:
      return firstValid(schema, ['x', 1, true, {}]);
  }
}

/** Every field a case can spoil: object keys, nested objects, the first element of arrays. */
export function fieldPaths(schema: z.ZodType, prefix: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > MAX_DEPTH) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => [
        [...prefix, k],
        ...fieldPaths(v, [...prefix, k], depth + 1),
      ]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fieldPaths(def.innerType!, prefix, depth);
    case 'pipe':
      return fieldPaths(defOf(def.in!).type === 'transform' ? def.out! : def.in!, prefix, depth);
    case 'lazy':
      return fieldPaths(def.getter!(), prefix, depth + 1);
    case 'array':
      return [[...prefix, 0], ...fieldPaths(def.element!, [...prefix, 0], depth + 1)];
    case 'union':
      return fieldPaths(def.options![0], prefix, depth);
    case 'intersection':
      return [...fieldPaths(def.left!, prefix, depth), ...fieldPaths(def.right!, prefix, depth)];
    default:
      return [];
  }
}

/** A copy of `base` with the value at `path` replaced (missing containers are created). */
export function withValueAt(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container = (
    Array.isArray(base)
      ? [...base]
      : base && typeof base === 'object'
        ? { ...base }
        : typeof head === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>;
  container[head] = withValueAt(container[head], rest, value);
  return container;
}
