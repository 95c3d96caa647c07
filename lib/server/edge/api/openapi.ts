import { z } from 'zod';
import { operationPath } from '@/lib/shared/api/contract';
import { getRoutes } from './routes';
import { API_ROOT_PREFIX } from './dispatch';

type JsonSchema = Record<string, unknown>;

function toSchema(
  schema: z.ZodType | undefined,
  io: 'input' | 'output' = 'input',
): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return { description: '(schema not representable)' };
  }
}

/** OpenAPI 3.1 document generated from the route definitions (served at /admin-api/openapi.json). */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of getRoutes()) {
    // An operation chosen by a query parameter on a shared path (the openapi proxy) is an entry
    // of its own: OpenAPI cannot tell operations apart by a query value, so its key carries it.
    const path = operationPath(def);
    const querySchema = toSchema(def.query) as
      { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
    const parameters: unknown[] = Object.entries(querySchema?.properties ?? {}).map(
      ([name, schema]) => ({
        name,
        in: 'query',
        required: querySchema?.required?.includes(name) ?? false,
        schema,
      }),
    );
    if (def.operation)
      parameters.unshift({
        name: def.operation.param,
        in: 'query',
        required: true,
        description: '选择本操作',
        schema: { type: 'string', const: def.operation.value },
      });
    for (const m of def.path.matchAll(/\{(\w+)\}/g))
      parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
    if (def.access !== 'public')
      parameters.push({
        name: 'tenant-id',
        in: 'header',
        required: false,
        schema: { type: 'integer' },
      });
    const kind = def.responseKind ?? 'envelope';
    const envelope = {
      type: 'object',
      properties: {
        code: { type: 'integer', description: '200 = 成功' },
        msg: { type: 'string' },
        data: (kind === 'envelope' ? toSchema(def.response, 'output') : null) ?? {},
      },
      required: ['code', 'msg', 'data'],
    };
    const success =
      kind === 'raw'
        ? {
            description: 'Raw body',
            content: { 'application/json': { schema: toSchema(def.response, 'output') } },
          }
        : kind === 'file'
          ? {
              description: 'File; failures answer the JSON envelope',
              content: {
                [def.fileType ?? 'application/octet-stream']: {
                  schema: {
                    type: 'string',
                    contentMediaType: def.fileType ?? 'application/octet-stream',
                  },
                },
                'application/json': { schema: envelope },
              },
            }
          : {
              description: 'Envelope {code, msg, data}',
              content: { 'application/json': { schema: envelope } },
            };
    const op: Record<string, unknown> = {
      summary: def.summary,
      tags: def.tags,
      operationId: `${def.method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters,
      responses: { '200': success },
    };
    if (def.access !== 'public') op.security = [{ bearer: [] }];
    if (def.permission) op['x-permission'] = def.permission;
    if (def.body)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(def.body) } },
      };
    if (def.bodyType === 'multipart')
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object' } } },
      };
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '拓客雷达 API',
      version: '1.0.0',
      description: 'yudao 风格的 API 根：响应为 {code, msg, data}，code 200 为成功。',
    },
    servers: [{ url: `${serverUrl}${API_ROOT_PREFIX}` }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
