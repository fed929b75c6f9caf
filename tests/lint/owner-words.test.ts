import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The words owners and entrants never read (docs/writing-guide.md#words-we-avoid), kept out of
 * the screens by a machine: every string literal and JSX text of src/web is scanned, outside the
 * technical draw record and the admin screens, which speak to people who asked for the detail.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

const BANNED =
  /\b(commitments?|committed\s+sequence|seeds?|leaf|leaves|beacons?|weights?|weighted|instances?|routers?|svg)\b/i;

/** Where the protocol's own words belong: the record's technical part, and the admin screens. */
const ALLOWED = [
  'src/web/features/admin/',
  'src/web/features/draw-record/components/technical-record.tsx',
  'src/web/features/draw-record/components/record-facts.tsx',
  'src/web/features/draw-record/components/verify-panel.tsx',
  'src/web/features/draw-record/components/find-entry.tsx',
  'src/web/features/draw-record/components/hash-value.tsx',
  'src/web/features/draw-record/lib/',
];

/** Import paths and class names are code, not words on a screen. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) {
    return true;
  }
  return ts.isJsxAttribute(parent) && parent.name.getText() === 'className';
}

/**
 * Prose is JSX text, or a string with a space or a capital first letter: a lone lower-case word
 * (an option such as `type: 'svg'`, a key, a file suffix) is an identifier in quotes.
 */
function isProse(text: string): boolean {
  return /\s/.test(text.trim()) || /^[A-Z]/.test(text.trim());
}

/** The banned words found in a file's strings and JSX text, with their lines. */
function bannedWordsIn(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const check = (node: ts.Node, text: string, isJsx: boolean) => {
    const match = BANNED.exec(text);
    if (!match || (!isJsx && !isProse(text))) return;
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${fileName}:${line}: "${match[0]}" in ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) check(node, node.text, true);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCode(node)) check(node, node.text, false);
    } else if (ts.isTemplateExpression(node)) {
      for (const part of [node.head, ...node.templateSpans.map((span) => span.literal)]) {
        check(part, part.text, false);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('owner and entrant screens speak without protocol terms', () => {
  it('finds a banned word in a label, a sentence and JSX text, and passes code by', () => {
    const code = `
      import { Router } from 'wouter';
      const label = 'Download SVG';
      const sentence = \`Each entry's weight is \${1}\`;
      export const A = () => <p className="font-bold">The seed is secret</p>;
      export const B = () => <img alt={label + sentence} data-kind="svg" />;
      const options = { type: 'svg' };
    `;
    const found = bannedWordsIn('example.tsx', code);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toContain('"SVG"');
    expect(found.join('\n')).toContain('"weight"');
    expect(found.join('\n')).toContain('"seed"');
  });

  it('finds none in src/web outside the technical record and the admin screens', () => {
    const files = sourceFiles(join(root, 'src/web'))
      .map((path) => relative(root, path).replaceAll('\\', '/'))
      .filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed)));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((path) =>
      bannedWordsIn(path, readFileSync(join(root, path), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
