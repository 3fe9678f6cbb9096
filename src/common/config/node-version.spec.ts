import { nodeVersionProblem } from './node-version';

describe('node version: 22.12 or newer', () => {
  it.each(['22.12.0', '22.23.3', '24.1.0', '25.0.0'])('%s runs Podium', (version) => {
    expect(nodeVersionProblem(version)).toBeNull();
  });

  it.each(['20.20.2', '22.11.0', '21.7.3', '18.19.0'])('%s is refused with what to do', (version) => {
    expect(nodeVersionProblem(version)).toMatch(new RegExp(`22\\.12 or newer; this is ${version.replace(/\./g, '\\.')}.*README`));
  });
});
