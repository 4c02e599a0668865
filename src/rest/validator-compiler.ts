import { Ajv, type AnySchema } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { INT64_MAX } from '../int64-id.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function createAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  addFormats(ajv);
  return ajv;
}

interface ObjectSchema {
  properties?: Record<string, { type?: unknown; format?: unknown; minimum?: number }>;
}

/**
 * int64 path parameters are checked on their digits and become BigInt: a JSON-number coercion would
 * round ids beyond 2^53 and let out-of-range ids through.
 */
function compileParams(schema: ObjectSchema) {
  const int64Params = Object.entries(schema.properties ?? {}).filter(
    ([, property]) => property.type === 'integer' && property.format === 'int64',
  );
  return (params: Record<string, unknown>) => {
    for (const [name, property] of int64Params) {
      const raw = params[name];
      const minimum = BigInt(property.minimum ?? 0);
      const value = typeof raw === 'string' && /^\d{1,25}$/.test(raw) ? BigInt(raw) : null;
      if (value === null || value < minimum || value > INT64_MAX) {
        return { error: new Error(`params/${name} must be an integer from ${minimum} to ${INT64_MAX}`) };
      }
      params[name] = value;
    }
    return { value: params };
  };
}

/**
 * Bodies are validated without type coercion (a number is not a title); query strings are coerced,
 * since every query value arrives as text.
 */
export function createValidatorCompiler(sharedSchemas: Record<string, AnySchema> = {}): FastifySchemaCompiler<AnySchema> {
  const bodyAjv = createAjv(false);
  const queryAjv = createAjv('array');
  for (const schema of Object.values(sharedSchemas)) {
    bodyAjv.addSchema(schema);
    queryAjv.addSchema(schema);
  }
  return ({ schema, httpPart, contentType }) => {
    if (httpPart === 'params') return compileParams(schema as ObjectSchema);
    // Multipart parts are streamed and checked by their route; such a schema only documents them.
    if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
    const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
    return ajv.compile(schema);
  };
}
