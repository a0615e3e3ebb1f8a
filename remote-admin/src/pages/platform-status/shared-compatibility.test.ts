import { compatibility, problems, singletonRows } from './shared-compatibility';

const built = (name: string, version: string, requiredVersion: string | null) => ({
  name,
  version,
  requiredVersion,
  singleton: true,
});
const host = (version: string) => ({ version, from: 'host', loaded: true });

describe('shared singleton compatibility (semver)', () => {
  it('is satisfied when the host loaded a version in the range, not otherwise', () => {
    expect(compatibility(built('react', '19.3.1', '^19.3.1'), host('19.4.0'))).toEqual({ kind: 'ok' });
    expect(compatibility(built('react', '19.3.1', '^19.3.1'), host('19.2.0'))).toEqual({
      kind: 'unsatisfied',
      hostVersion: '19.2.0',
      required: '^19.3.1',
    });
    expect(compatibility(built('react', '20.0.0', '^20.0.0'), host('19.3.1')).kind).toBe('unsatisfied');
  });

  it('takes pre-releases into account (the Fluent token names are an alpha)', () => {
    expect(compatibility(built('t', '1.0.0-alpha.24', '^1.0.0-alpha.24'), host('1.0.0-alpha.25')).kind).toBe('ok');
    expect(compatibility(built('t', '1.0.0-alpha.24', '^1.0.0-alpha.24'), host('1.0.0-alpha.2')).kind).toBe(
      'unsatisfied',
    );
  });

  it('flags a singleton the host does not share, and cannot check a missing or unreadable range', () => {
    expect(compatibility(built('jotai', '2.20.3', '^2.20.3'), undefined)).toEqual({ kind: 'not-in-host' });
    expect(compatibility(built('jotai', '2.20.3', null), host('2.20.3'))).toEqual({ kind: 'unknown' });
    expect(compatibility(built('jotai', '2.20.3', 'not a range %%'), host('2.20.3'))).toEqual({ kind: 'unknown' });
  });

  it('lists the reported singletons in a fixed order, leaving out sub-paths and the rest, and counts the problems', () => {
    const rows = singletonRows(
      [
        built('react/jsx-runtime', '19.3.1', '^19.3.1'),
        built('@hub/shared', '1.0.0', '^1.0.0'),
        built('react', '19.3.1', '^19.3.1'),
        built('left-pad', '1.0.0', '^1.0.0'),
        built('react-router', '8.0.0', '^8.0.0'),
      ],
      { react: host('19.3.1'), '@hub/shared': host('1.0.0'), 'react-router': host('7.9.0') },
    );
    expect(rows.map((r) => [r.name, r.compatibility.kind])).toEqual([
      ['react', 'ok'],
      ['react-router', 'unsatisfied'],
      ['@hub/shared', 'ok'],
    ]);
    expect(problems(rows)).toBe(1);
  });
});
