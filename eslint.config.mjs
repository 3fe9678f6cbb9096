// Lint of the server, the tests and the web app: the recommended JavaScript and TypeScript rules,
// with formatting left to Prettier (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'src/generated/**', 'web/dist/**', 'web/src/api/schema.d.ts', 'node_modules/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Plain JavaScript files are Node scripts and configs (CommonJS or ES modules).
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], languageOptions: { globals: globals.node }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Tests read loosely shaped JSON from HTTP answers and streams.
  { files: ['test/**', '**/*.spec.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
