/** The oldest Node.js Podium runs on (package.json `engines`): 22.12 loads ES modules with `require`, which the server relies on. */
export const MINIMUM_NODE = { major: 22, minor: 12 } as const;

/**
 * Why this Node.js cannot run Podium, or null when it can. npm only warns about `engines`, and
 * on an older Node the server would fail later with an error that does not say why.
 * @param version `process.versions.node`, e.g. "22.23.3".
 */
export function nodeVersionProblem(version: string): string | null {
  const [major, minor] = version.split('.').map(Number);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return null;
  return `Podium needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer; this is ${version}. The README's quick start installs Node 22 in one command.`;
}
