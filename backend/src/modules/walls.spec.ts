import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const modulesFolder = new URL('.', import.meta.url).pathname;

/** The backend modules' folders. */
const backendModules = (): string[] =>
  readdirSync(modulesFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** A module's TypeScript files (not its tests), relative to the modules folder. */
const filesOf = (module: string): string[] =>
  (readdirSync(join(modulesFolder, module), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => join(module, file));

/** Lints a snippet as if it were the file at `path` (relative to the repository), with the repository's config; returns the walls it breaks. */
async function wallsBroken(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    // The snippet is in no tsconfig: lint it without type information (the walls need none).
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the walls between backend modules', () => {
  it("refuse a module's import of another module's entities", async () => {
    const broken = await wallsBroken(
      'backend/src/modules/stewarding/snippet.ts',
      "import { Season } from '../competitions/competition.entities.js';\nexport const seasons = Season;\n",
    );
    expect(broken).toEqual([expect.stringContaining("Another module's entities are its own")]);
  });

  it('let a relation name its target with a type-only import of the entity', async () => {
    expect(
      await wallsBroken('backend/src/modules/stewarding/snippet.ts', "import type { Season } from '../competitions/competition.entities.js';\nexport type S = Season;\n"),
    ).toEqual([]);
  });

  it('refuse a file deeper in the module the same way', async () => {
    const broken = await wallsBroken(
      'backend/src/modules/community/merchandise/snippet.ts',
      "import { StoredImage } from '../../images/stored-image.entity.js';\nexport const image = StoredImage;\n",
    );
    expect(broken).toEqual([expect.stringContaining("Another module's entities are its own")]);
  });

  it('let a walled module be reached only through its index', async () => {
    const throughFile = await wallsBroken(
      'backend/src/modules/teams/snippet.ts',
      "import { ImagesService } from '../images/images.service.js';\nexport const s = ImagesService;\n",
    );
    expect(throughFile).toEqual([expect.stringContaining('only through its public face')]);
    expect(await wallsBroken('backend/src/modules/teams/snippet.ts', "import { ImagesService } from '../images/index.js';\nexport const s = ImagesService;\n")).toEqual([]);
  });

  it('wall every backend module', async () => {
    const modules = backendModules();
    expect(modules).toEqual(expect.arrayContaining(['competitions', 'events', 'profiles', 'stewarding', 'teams']));
    for (const module of modules) {
      const from = module === 'audit' ? 'ops' : 'audit';
      const broken = await wallsBroken(`backend/src/modules/${from}/snippet.ts`, `import { x } from '../${module}/some.service.js';\nexport const y = x;\n`);
      expect({ module, broken }).toEqual({ module, broken: [expect.stringContaining('only through its public face')] });
    }
  });

  it('keep common/ free of domain modules', async () => {
    const broken = await wallsBroken('backend/src/common/snippet.ts', "import { WebUrlField } from '../modules/community/index.js';\nexport const f = WebUrlField;\n");
    expect(broken).toEqual([expect.stringContaining('common/ knows no domain module')]);
  });

  it("keep each module's tables out of the other modules' SQL (they read them through the owner's index)", () => {
    const ownerOfTable = new Map<string, string>();
    for (const module of backendModules())
      for (const file of filesOf(module))
        for (const [, table] of readFileSync(join(modulesFolder, file), 'utf8').matchAll(/tableName: '([a-z_]+)'/g)) ownerOfTable.set(table!, module);
    const trespasses: string[] = [];
    for (const module of backendModules())
      for (const file of filesOf(module))
        for (const [, table] of readFileSync(join(modulesFolder, file), 'utf8').matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)) {
          const owner = ownerOfTable.get(table!);
          if (owner && owner !== module) trespasses.push(`${file} names ${owner}'s ${table}`);
        }
    expect(ownerOfTable.size).toBeGreaterThan(40);
    expect(trespasses).toEqual([]);
  });
});
