import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listSourceFiles, parseSourceFile, relativeToRoot } from '../support/source-tree.js';

const MAX_LINES = 150;

interface LongFunction {
  name: string;
  file: string;
  lines: number;
}

function nameFunction(node: ts.FunctionLikeDeclaration): string {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/**
 * Every function-like node whose span (first to last line, nested functions included) passes `max`
 * lines. Nested functions are measured on their own as well.
 */
function findLongFunctions(source: ts.SourceFile, max: number): LongFunction[] {
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(declaration.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(declaration.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ name: nameFunction(declaration), file: relativeToRoot(source.fileName), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('functions in src/', () => {
  it(`are none longer than ${MAX_LINES} lines`, () => {
    const files = listSourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) => findLongFunctions(parseSourceFile(file), MAX_LINES));
    const described = long.map(({ name, file, lines }) => `${name} (${file}): ${lines} lines`);
    expect(described.join('\n'), `${long.length} function(s) over ${MAX_LINES} lines`).toBe('');
  });

  it('measures arrow functions, methods and nested functions', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function outer() {\n  const inner = () => {\n${body(4)}\n  };\n${body(2)}\n}`,
      `class Box {\n  method() {\n${body(3)}\n  }\n}`,
    ].join('\n');
    const source = ts.createSourceFile('/x/sample.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const names = findLongFunctions(source, 4).map(({ name, lines }) => `${name}:${lines}`);
    expect(names).toEqual(['outer:10', 'inner:6', 'method:5']);
  });
});
