/**
 * The walls between feature folders (run by `npm run lint:boundaries`, part of `npm test`).
 * Folders are layered from the bottom up: a folder may import its own files and folders of the
 * layers before it, never one of its own layer or above — so no two folders import each other and
 * `common/` imports no feature. The application's root files (app.module, app.setup, main) stand
 * above every folder but `cli/`. Specs may reach across (a layout spec drafts packs with the
 * generator). docs/architecture.md explains the layers.
 */
const LAYERS = [
  ['generated'],
  ['common'],
  ['staff', 'audit'],
  ['catalog'],
  ['boosters'],
  ['events'],
  ['draft', 'sealed'],
  ['verification'],
  ['decks'],
  ['teams'],
  ['tournament'],
  ['live', 'leagues', 'health', 'backup'],
  ['event-archive'],
  ['simulator'],
  ['cli'],
];

const rules = LAYERS.flatMap((layer, i) => {
  const above = LAYERS.slice(i + 1).flat();
  return layer
    .map((folder) => {
      const forbidden = [...layer.filter((f) => f !== folder), ...above];
      return {
        name: `layer-${folder}`,
        comment: `${folder}/ may import only the layers below it: ${LAYERS.slice(0, i).flat().join(', ') || 'nothing'}`,
        severity: 'error',
        from: { path: `^src/${folder}/` },
        to: { path: `^src/(${forbidden.join('|')})/` },
      };
    })
    .filter((rule) => rule.to.path !== '^src/()/');
});

module.exports = {
  forbidden: [
    ...rules,
    {
      name: 'app-root-files',
      comment: 'Only the process entry points (main.ts, cli/) import the application module and its setup.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli/|main\\.ts$|app\\.module\\.ts$|app\\.setup\\.ts$)' },
      to: { path: '^src/(app\\.module|app\\.setup|main)\\.ts$' },
    },
    {
      name: 'unknown-folder',
      comment: 'Every folder of src/ has its place in the layers above (add a new one there).',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/((${LAYERS.flat().join('|')})/|[^/]+\\.ts$)` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.spec\\.ts$|^src/generated/)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
