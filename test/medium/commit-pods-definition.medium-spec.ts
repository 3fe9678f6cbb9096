import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrismaService } from '../../src/common/database/prisma.service';
import { COMMIT_PODS_PARAMETERS } from '../../src/draft/pod.repository';
import { createTestModule, type TestModule } from '../utils/test-module';

/**
 * The pick path's SQL function as the migrations left it in the database, against the copy kept
 * readable beside its repository and against the typed arguments the repository calls it with.
 */
describe('medium: podium_commit_pods, the definition beside its repository', () => {
  let m: TestModule;
  beforeAll(async () => {
    m = await createTestModule([]);
  });
  afterAll(() => m.close());

  const file = readFileSync(join(__dirname, '../../src/draft/sql/podium_commit_pods.sql'), 'utf8');

  async function definition() {
    const [fn] = await m.get(PrismaService).$queryRaw<{ body: string; arguments: string; result: string }[]>`
      SELECT p.prosrc AS body, pg_get_function_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE p.proname = 'podium_commit_pods' AND n.nspname = current_schema()`;
    return fn;
  }

  it('the body in src/draft/sql/podium_commit_pods.sql is the one the database runs (a drift fails here)', async () => {
    const body = /LANGUAGE plpgsql AS \$\$([\s\S]*)\$\$;/.exec(file)?.[1];
    expect(body).toBeDefined();
    expect(body).toBe((await definition()).body);
  });

  it("the repository's named arguments are the function's parameters, with their types, in order", async () => {
    const fn = await definition();
    const expected = Object.entries(COMMIT_PODS_PARAMETERS)
      .map(([name, type]) => `${name} ${type}`)
      .join(', ');
    expect(fn.arguments).toBe(expected);
    expect(fn.result).toBe('TABLE(pod_id uuid, status text, seq integer, event_state text)');
  });
});
