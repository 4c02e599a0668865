import { Ajv, type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
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

/** What Fastify hands a validator besides the value: its parent, so a coerced root value can be replaced. */
type DataContext = Parameters<ValidateFunction>[1];

interface LazyValidator {
  (data: unknown, context?: DataContext): boolean;
  errors: ErrorObject[] | null | undefined;
  /** Fastify passes the parent data only to validators that carry this (as Ajv's compiled ones do). */
  schemaEnv: true;
}

/** Compiles `schema` on its first use; the same Ajv function then checks every value. */
function compileOnFirstUse(ajv: () => Ajv, schema: AnySchema): LazyValidator {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown, context?: DataContext) => {
    compiled ??= ajv().compile(schema);
    const valid = compiled(data, context) as boolean;
    validate.errors = compiled.errors;
    return valid;
  }) as LazyValidator;
  validate.errors = null;
  validate.schemaEnv = true;
  return validate;
}

type ValidatorCompilerFactory = (sharedSchemas: Record<string, AnySchema>) => FastifySchemaCompiler<AnySchema>;

/**
 * The validators of one Fastify app. Bodies are validated without type coercion (a number is not a
 * title); query strings are coerced, since every query value arrives as text.
 *
 * Nothing is compiled at start-up: a route's schema is compiled on the route's first request, and the
 * two Ajv instances (and their meta-schema) are made on the first request that needs one. Compiling
 * everything eagerly was over half of the CPU time from spawn to /readyz (docs/benchmarks.md#start-up);
 * what is accepted and refused does not change. Fastify asks for a compiler once per plugin context that
 * added schemas (with every schema it sees, by $id); they all share the two instances.
 */
export function createValidatorCompilers(): ValidatorCompilerFactory {
  const shared = new Map<string, AnySchema>();
  let instances: { body: Ajv; query: Ajv; added: Set<string> } | undefined;
  const ajvFor = (httpPart: string | undefined): Ajv => {
    instances ??= { body: createAjv(false), query: createAjv('array'), added: new Set() };
    for (const [id, schema] of shared) {
      if (instances.added.has(id)) continue;
      instances.body.addSchema(schema);
      instances.query.addSchema(schema);
      instances.added.add(id);
    }
    return httpPart === 'body' ? instances.body : instances.query;
  };
  return (sharedSchemas) => {
    for (const [id, schema] of Object.entries(sharedSchemas)) {
      const known = shared.get(id);
      // Contexts see copies of the same schemas; one $id naming two different ones would be ambiguous here.
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`two different schemas have $id ${id}`);
      shared.set(id, schema);
    }
    return ({ schema, httpPart, contentType }) => {
      if (httpPart === 'params') return compileParams(schema as ObjectSchema);
      // Multipart parts are streamed and checked by their route; such a schema only documents them.
      if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
      return compileOnFirstUse(() => ajvFor(httpPart), schema);
    };
  };
}
