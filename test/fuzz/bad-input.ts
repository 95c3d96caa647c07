import fc from 'fast-check';
import { z } from 'zod';
import type { RouteDefinition } from '@/lib/server/platform/http/define-route';
import { fieldPaths, plausibleValue, withValueAt, type FieldPath } from './zod-walk';

/**
 * fast-check arbitraries of bad requests for one route: a contract's fields spoiled one at a time
 * (or all together) with wrong types, extreme numbers, control characters, huge strings, deep
 * nesting and arrays; whole bodies that are not the JSON asked for; broken query strings, path
 * parameters and multipart forms. Everything else in the request stays plausible, so the bad part
 * reaches the handler whenever the schema lets it through.
 */

/** JSON text written as is: numbers JSON.stringify cannot write and nesting it would overflow on. */
export class RawJson {
  constructor(readonly text: string) {}
}

const HUGE = 100_000;
const DEEP = 5_000;

/** Short for the counterexample report: a 100k-character value as its start and its length. */
function clip(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

/** A multipart part: a text value or a file. */
type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; type: string; bytes: Uint8Array };

export type FuzzBody =
  { kind: 'text'; text: string; contentType: string } | { kind: 'form'; parts: FormPart[] };

/** One request of a fuzz run; prints itself briefly when fast-check reports it. */
export class FuzzRequest {
  constructor(
    readonly label: string,
    readonly method: string,
    /** Path under /admin-api with its params filled, percent-encoded. */
    readonly path: string,
    /** `?a=1&b=2`, or '' */
    readonly search: string,
    readonly body?: FuzzBody,
  ) {}

  with(changes: Partial<Pick<FuzzRequest, 'label' | 'path' | 'search' | 'body'>>): FuzzRequest {
    const next = { ...this, ...changes };
    return new FuzzRequest(next.label, this.method, next.path, next.search, next.body);
  }

  [fc.toStringMethod](): string {
    const body =
      this.body?.kind === 'text'
        ? ` body(${this.body.contentType})=${clip(JSON.stringify(this.body.text))}`
        : this.body
          ? ` form=${clip(JSON.stringify(this.body.parts.map(describePart)))}`
          : '';
    return `[${this.label}] ${this.method} ${clip(this.path + this.search, 300)}${body}`;
  }
}

function describePart(part: FormPart): string {
  return 'value' in part
    ? `${part.name}=${part.value}`
    : `${part.name}=file(${part.fileName}, ${part.type}, ${part.bytes.length} bytes)`;
}

// ---- Bad values for one field ----

const WRONG_TYPES: unknown[] = [true, false, null, {}, [], { a: 1 }, [1, 2], '', ' '];
const EXTREME_NUMBERS: unknown[] = [
  -1,
  0,
  -0.5,
  1.5,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  2 ** 63,
  1e20,
  1e308,
  -1e308,
  5e-324,
  new RawJson('99999999999999999999'),
  new RawJson('-99999999999999999999'),
  new RawJson('1e400'),
  new RawJson('-0'),
];
const NUMERIC_TEXT: unknown[] = [
  '99999999999999999999',
  '-1',
  '1.5',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '0x1F',
  ' 1 ',
  '1,2',
  '١٢٣',
  'null',
  'undefined',
];
const NASTY_TEXT: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u007f',
  '\r\n\t',
  '\u202e',
  '\ud800',
  '\uffff\ufffe',
  '😀',
  "' or 1=1 --",
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  '\\',
  '%_*',
];
const HUGE_TEXT: unknown[] = [
  'a'.repeat(HUGE),
  '中'.repeat(HUGE),
  '9'.repeat(HUGE),
  ' '.repeat(HUGE),
  '%'.repeat(HUGE),
];
/** `{"a":{"a":…1…}}`, `depth` objects deep: JSON.stringify overflows its stack on such a value. */
export function nestedObjectJson(depth = DEEP): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const DEEP_NESTING: unknown[] = [
  new RawJson('['.repeat(DEEP) + ']'.repeat(DEEP)),
  new RawJson(nestedObjectJson()),
];
const HUGE_ARRAYS: unknown[] = [new Array(HUGE).fill(1), new Array(10_000).fill('a'.repeat(10))];

const badScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.constantFrom(...NUMERIC_TEXT),
  fc.constantFrom(...NASTY_TEXT),
  fc.constantFrom(...HUGE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** What one spoiled field holds: mostly a bad scalar, sometimes an array, object or deep nest. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: badScalar },
  { weight: 1, arbitrary: fc.array(badScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), badScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...DEEP_NESTING, ...HUGE_ARRAYS) },
);

// ---- Serialising values ----

/** JSON text of a value that may hold RawJson parts (and nesting JSON.stringify cannot write). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Node refuses a request line past 16 KB (431) before the API sees it, so a 100,000-element array
 * as 100,000 repeated keys (100 MB of URL) tests nothing real: repeated keys stop at this many.
 */
const MAX_REPEATED_KEYS = 1_000;

/** A query value as the strings a browser would send (arrays become repeated keys). */
function queryStrings(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value))
    return value.slice(0, MAX_REPEATED_KEYS).flatMap((v) => queryStrings(v).slice(0, 1));
  if (typeof value === 'string') return [value];
  if (value instanceof RawJson || (value && typeof value === 'object')) return [toJsonText(value)];
  return [String(value)];
}

export function toSearch(query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    for (const text of queryStrings(value)) params.append(key, text);
  return params.size > 0 ? `?${params}` : '';
}

function jsonBody(value: unknown): FuzzBody {
  return { kind: 'text', text: toJsonText(value), contentType: 'application/json' };
}

function encodeSegment(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as a client that ignores the rules would send it
  }
}

// ---- Spoiling an input described by a schema ----

type Spoiled = { label: string; value: unknown };

const EXTRA_KEYS = ['__proto__', 'constructor', 'tenantId', 'userId', 'x'.repeat(1000)];

/** One field spoiled, every top-level field spoiled, or an unknown field added. */
function spoiledInput(schema: z.ZodType): fc.Arbitrary<Spoiled> {
  const base = plausibleValue(schema);
  const paths = fieldPaths(schema);
  const topLevel = paths.filter((p) => p.length === 1);
  const extraField = fc
    .tuple(fc.constantFrom(...EXTRA_KEYS), badValue)
    .map(([key, value]): Spoiled => ({
      label: 'unknown field',
      value: { ...(base as object), [key]: value },
    }));
  if (paths.length === 0) return extraField;
  const oneField = fc.tuple(fc.constantFrom(...paths), badValue).map(([path, value]): Spoiled => ({
    label: `field ${path.join('.')}`,
    value: withValueAt(base, path, value),
  }));
  const everyField = fc
    .array(badValue, { minLength: topLevel.length, maxLength: topLevel.length })
    .map((values): Spoiled => ({
      label: 'every field',
      value: topLevel.reduce<unknown>(
        (acc, path: FieldPath, i) => withValueAt(acc, path, values[i]),
        base,
      ),
    }));
  return fc.oneof(
    { weight: 6, arbitrary: oneField },
    { weight: 1, arbitrary: everyField },
    { weight: 1, arbitrary: extraField },
  );
}

/** Bodies that are not the JSON object asked for. */
const wholeBodyText: fc.Arbitrary<Spoiled> = fc.oneof(
  fc
    .constantFrom('{', '{"a":', '{"a":1}garbage', 'nul', "{'a':1}", '\u0000', '[', '{"a":1,}')
    .map((text) => ({ label: 'malformed JSON', value: text })),
  fc
    .constantFrom('[]', '1', '"text"', 'null', 'true', '99999999999999999999', '[{}]')
    .map((text) => ({ label: 'JSON of the wrong type', value: text })),
  fc.constantFrom('', ' ', '{}', '\ufeff{}').map((text) => ({ label: 'empty body', value: text })),
  fc
    .constantFrom(...DEEP_NESTING)
    .map((raw) => ({ label: 'deeply nested body', value: (raw as RawJson).text })),
  fc
    .string({ unit: 'binary', maxLength: 200 })
    .map((text) => ({ label: 'random text', value: text })),
);

/** Query strings no form would send. */
const wholeQueryText = fc
  .constantFrom('?%', '?a=%E0%A4%A', '?&&&==', '?=1', `?q=${'a'.repeat(HUGE)}`, '?a[b]=1&a[c]=2')
  .map((search) => ({ label: 'malformed query string', value: search }));

/** Path segments that are not a value: traversal, NUL, broken encoding, huge. */
const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '%E0%A4%A',
    '..%2F..%2Fetc%2Fpasswd',
    '..',
    '%2e%2e',
    'a'.repeat(HUGE),
    '%25',
  ),
  badScalar.map(encodeSegment),
);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Forms with the file missing, a text where the file goes, odd names, types and bytes. */
const badForm: fc.Arbitrary<Spoiled> = fc.oneof(
  fc
    .tuple(fc.constantFrom('file', 'avatarFile', 'logoFile', 'x'), badScalar)
    .map(([name, value]) => ({
      label: 'text where the file goes',
      value: [{ name, value: typeof value === 'string' ? value : toJsonText(value) }],
    })),
  fc
    .record({
      name: fc.constantFrom('file', 'avatarFile', 'logoFile'),
      fileName: fc.constantFrom(
        'a.png',
        '',
        '\u0000.png',
        '../../x.png',
        `${'a'.repeat(HUGE)}.png`,
        'a.exe',
        '.png',
        'a.PNG',
      ),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', '', 'application/octet-stream'),
      bytes: fc.oneof(
        fc.constant(new Uint8Array(0)),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }).map((b) => Uint8Array.from([...PNG_SIGNATURE, ...b])),
      ),
    })
    .map((file) => ({ label: 'odd file', value: [file] })),
);

/** Multipart requests whose body is not a form at all. */
const brokenMultipart = fc
  .tuple(
    fc.constantFrom('multipart/form-data; boundary=xyz', 'multipart/form-data', 'application/json'),
    fc.constantFrom(
      '',
      'garbage',
      '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
      '{}',
    ),
  )
  .map(([contentType, text]): FuzzBody => ({ kind: 'text', text, contentType }));

// ---- One route ----

const PARAM = /\{(\w+)\}/g;
/** Routes without a query schema still get unknown parameters. */
const NO_QUERY = z.object({});

function fillPath(path: string, segment: (name: string) => string): string {
  return path.replace(PARAM, (_, name: string) => segment(name));
}

/** The plausible request of a route: valid-looking query, body and path params. */
function plausibleRequest(route: RouteDefinition): FuzzRequest {
  const body: FuzzBody | undefined =
    route.bodyType === 'multipart'
      ? { kind: 'form', parts: [] }
      : route.body
        ? jsonBody(plausibleValue(route.body))
        : undefined;
  return new FuzzRequest(
    'plausible',
    route.method,
    fillPath(route.path, () => 'abc'),
    route.query ? toSearch(plausibleValue(route.query)) : '',
    route.method === 'GET' ? undefined : body,
  );
}

type Variant = { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> };

/** Spoiled query fields (unknown ones where the route takes none) and broken query strings. */
function queryVariants(route: RouteDefinition, base: FuzzRequest): Variant[] {
  const spoiled = spoiledInput(route.query ?? NO_QUERY).map((s) =>
    base.with({ label: `query ${s.label}`, search: toSearch(s.value) }),
  );
  const broken = wholeQueryText.map((s) =>
    base.with({ label: s.label, search: s.value as string }),
  );
  return [
    { weight: route.query ? 4 : 1, arbitrary: spoiled },
    { weight: 1, arbitrary: broken },
  ];
}

/** Spoiled body fields, bodies that are not the JSON asked for, broken forms. */
function bodyVariants(route: RouteDefinition, base: FuzzRequest): Variant[] {
  if (route.method === 'GET') return [];
  if (route.bodyType === 'multipart') {
    const form = badForm.map((s) =>
      base.with({ label: s.label, body: { kind: 'form', parts: s.value as FormPart[] } }),
    );
    const broken = brokenMultipart.map((body) => base.with({ label: 'broken multipart', body }));
    return [
      { weight: 3, arbitrary: form },
      { weight: 1, arbitrary: broken },
    ];
  }
  const whole = wholeBodyText.map((s) =>
    base.with({
      label: s.label,
      body: { kind: 'text', text: s.value as string, contentType: 'application/json' },
    }),
  );
  if (!route.body) return [{ weight: 1, arbitrary: whole }];
  const spoiled = spoiledInput(route.body).map((s) =>
    base.with({ label: `body ${s.label}`, body: jsonBody(s.value) }),
  );
  return [
    { weight: 6, arbitrary: spoiled },
    { weight: 2, arbitrary: whole },
  ];
}

function pathVariants(route: RouteDefinition, base: FuzzRequest): Variant[] {
  if (!route.path.includes('{')) return [];
  const bad = badSegment.map((segment) =>
    base.with({ label: 'path parameter', path: fillPath(route.path, () => segment) }),
  );
  return [{ weight: 4, arbitrary: bad }];
}

/** Bad requests for `route`, each spoiling one part: query, body, form or path parameters. */
export function badRequests(route: RouteDefinition): fc.Arbitrary<FuzzRequest> {
  const base = plausibleRequest(route);
  return fc.oneof(
    ...queryVariants(route, base),
    ...bodyVariants(route, base),
    ...pathVariants(route, base),
  );
}
