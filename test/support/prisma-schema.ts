import { readFileSync } from 'node:fs';

/** Just enough of a schema.prisma reader for the schema/SQL agreement test. */
export interface SchemaField {
  name: string;
  type: string;
  column: string;
  required: boolean;
  /** Part of the primary key (`@id`, or one of the fields of `@@id([...])`). */
  isId: boolean;
  /** Set for the scalar side of a relation: the model and field it points at. */
  references?: { model: string; field: string };
}

export interface SchemaModel {
  name: string;
  table: string;
  scalars: SchemaField[];
}

export const SCALAR_TYPES = new Set(['String', 'Int', 'BigInt', 'Float', 'Decimal', 'Boolean', 'DateTime', 'Json', 'Bytes']);

export function readPrismaSchema(file: string): SchemaModel[] {
  const source = readFileSync(file, 'utf8');
  const enums = new Set([...source.matchAll(/^enum\s+(\w+)\s*\{/gm)].map((m) => m[1]!));
  const models: SchemaModel[] = [];
  for (const [, name, body] of source.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const lines = body!.split('\n').map((line) => line.replace(/\/\/.*$/, '').trim()).filter(Boolean);
    const table = /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? name!;
    const fields: SchemaField[] = [];
    const relations: Array<{ from: string; model: string; to: string }> = [];
    for (const line of lines) {
      if (line.startsWith('@@')) continue;
      const [fieldName, rawType = '', ...rest] = line.split(/\s+/);
      const attributes = rest.join(' ');
      const type = rawType.replace(/[?[\]]/g, '');
      const relation = /@relation\([^)]*fields:\s*\[(\w+)\][^)]*references:\s*\[(\w+)\]/.exec(attributes);
      if (relation) relations.push({ from: relation[1]!, model: type, to: relation[2]! });
      if (!SCALAR_TYPES.has(type) && !enums.has(type)) continue;
      fields.push({
        name: fieldName!,
        type,
        column: /@map\("([^"]+)"\)/.exec(attributes)?.[1] ?? fieldName!,
        required: !rawType.endsWith('?'),
        isId: /@id\b/.test(attributes),
      });
    }
    const compoundId = /@@id\(\[([^\]]+)\]\)/.exec(body!)?.[1]?.split(',').map((f) => f.trim());
    for (const field of fields) if (compoundId?.includes(field.name)) field.isId = true;
    for (const relation of relations) {
      const field = fields.find((f) => f.name === relation.from);
      if (field) field.references = { model: relation.model, field: relation.to };
    }
    models.push({ name: name!, table, scalars: fields });
  }
  return models;
}
