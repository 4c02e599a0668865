/**
 * `npm run codegen`: prints the schema to schema/schema.graphql and writes typed documents with
 * GraphQL Code Generator's client preset, driven through @graphql-codegen/core. (The codegen CLI is
 * not used: its remote-schema loaders pull in packages that require Node 22.)
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import { preset as clientPreset } from '@graphql-codegen/client-preset';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import { parse, printSchema } from 'graphql';
import { SCHEMA_FILE, typedDocumentsTargets, type TypedDocumentsTarget } from '../codegen.js';
import { schema } from '../src/graphql/schema/index.js';

function sourceFiles(folder: string, skip: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.resolve(file).startsWith(path.resolve(skip)))
    .sort();
}

function loadDocuments(target: TypedDocumentsTarget): Types.DocumentFile[] {
  const documents: Types.DocumentFile[] = [];
  for (const folder of target.documents) {
    for (const file of sourceFiles(folder, target.output)) {
      for (const source of gqlPluckFromCodeStringSync(file, readFileSync(file, 'utf8'), { skipIndent: true })) {
        documents.push({ location: file, document: parse(source.body), rawSDL: source.body });
      }
    }
  }
  if (documents.length === 0) throw new Error(`no GraphQL documents found in ${target.documents.join(', ')}`);
  return documents;
}

async function writeTypedDocuments(target: TypedDocumentsTarget, sdl: string): Promise<void> {
  const schemaDocument = parse(sdl);
  const config = { useTypeImports: true, enumsAsTypes: true, scalars: target.scalars, emitLegacyCommonJSImports: false, importExtension: '.js' };
  const sections = await clientPreset.buildGeneratesSection({
    baseOutputDir: target.output,
    presetConfig: { fragmentMasking: false },
    plugins: [],
    pluginMap: {},
    schema: schemaDocument,
    schemaAst: schema,
    documents: loadDocuments(target),
    config,
    pluginContext: {},
  });
  mkdirSync(target.output, { recursive: true });
  for (const section of sections) {
    const content = await codegen({ ...section, emitLegacyCommonJSImports: false, importExtension: '.js' } as Types.GenerateOptions);
    writeFileSync(section.filename, content);
  }
}

const sdl = printSchema(schema);
writeFileSync(SCHEMA_FILE, `${sdl}\n`);
for (const target of typedDocumentsTargets) await writeTypedDocuments(target, sdl);
process.stdout.write(`codegen: wrote ${SCHEMA_FILE} and ${typedDocumentsTargets.map((t) => t.output).join(', ')}\n`);
