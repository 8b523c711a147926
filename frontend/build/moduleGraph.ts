import type { Plugin } from 'vite';

/** What the chunk groups of vite.config.ts ask of the module graph: filled in once the graph is complete, before chunking. */
export interface ModuleGraphFacts {
  /** Modules that are MUI's or import MUI, directly or through other modules. */
  readonly onMui: ReadonlySet<string>;
  /** Modules some code imports with `import()`: each is fetched when asked for, as a chunk of its own. */
  readonly importedLazily: ReadonlySet<string>;
  readonly plugin: Plugin;
}

/** Gathers `ModuleGraphFacts`; `isMui` tells MUI's own modules. */
export function moduleGraphFacts(isMui: (id: string) => boolean): ModuleGraphFacts {
  const onMui = new Set<string>();
  const importedLazily = new Set<string>();
  const plugin: Plugin = {
    name: 'paddock-module-graph-facts',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // From MUI's modules up through their importers.
      const pending = ids.filter(isMui);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (onMui.has(id)) continue;
        onMui.add(id);
        pending.push(...(this.getModuleInfo(id)?.importers ?? []));
      }
      for (const id of ids) if (this.getModuleInfo(id)?.dynamicImporters.length) importedLazily.add(id);
    },
  };
  return { onMui, importedLazily, plugin };
}
