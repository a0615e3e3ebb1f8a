import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  containerfileProblems,
  composeInterpolations,
  composeVariables,
  type ContainerStage,
  deployDir,
  type Doc,
  documentedSettings,
  execForm,
  kubectlAvailable,
  kubernetesDir,
  kustomizations,
  manifestFiles,
  readComposeFile,
  readContainerfile,
  readYamlFile,
  renderKustomization,
  validateCompose,
  validateKubernetes,
} from './deploy-artefacts';
import { registerProbeRoutes } from '../../api/src/http/health-routes.ts';
import { ROLES } from '../../api/src/roles/role.ts';
import { repoRoot } from '../../serving/src/site-config';

/**
 * The deployment artefacts of deploy/ are checked here as far as a machine that cannot run containers
 * can check them (deploy/README.md "What is proven here"): against their published schemas, against
 * the API they run (roles, health routes), against the settings reference, and against each other.
 */

const apiImage = 'hub-api';
const composeApiImage = /hub-api/;

const compose = readComposeFile();
const manifests = manifestFiles();
const objects = (kind: string) => manifests.filter((m) => m.doc.kind === kind).map((m) => m.doc);
const byName = (kind: string, name: string) => {
  const found = objects(kind).find((o) => o.metadata?.name === name);
  assert.ok(found, `${kind} ${name} exists`);
  return found;
};
/** The pod template's spec of a Deployment, a Job or a CronJob. */
const podSpecOf = (o: Doc): Doc | undefined =>
  (o.kind === 'CronJob' ? o.spec.jobTemplate.spec : o.spec)?.template?.spec;
const containersOf = (o: Doc): Doc[] => podSpecOf(o)?.containers ?? [];
const podSpecs = () =>
  manifests
    .filter((m) => podSpecOf(m.doc))
    .map((m) => ({ name: String(m.doc.metadata.name), spec: podSpecOf(m.doc)! }));
const apiServices = () =>
  Object.entries(compose.services as Record<string, Doc>).filter(([, s]) => composeApiImage.test(String(s.image)));
const apiContainers = () =>
  podSpecs().flatMap(({ name, spec }) =>
    (spec.containers as Doc[]).filter((c) => String(c.image).startsWith(apiImage)).map((c) => ({ owner: name, c })),
  );

// ---- What the API itself offers (read from its code, so a renamed role or route fails here) ----

/** The roles the compiled entry accepts (`node dist/main.js <role>`). */
const apiRoles = (): string[] => Object.keys(ROLES);

/** The probe routes the API and the worker register, recorded from the registration itself. */
function probeRoutes(): { live: string; ready: string } {
  const paths: string[] = [];
  registerProbeRoutes({ get: (url: string) => paths.push(url) } as never, {} as never);
  const live = paths.find((p) => p.endsWith('/live'));
  const ready = paths.find((p) => p.endsWith('/ready'));
  assert.ok(live && ready, `probe routes registered: ${paths.join(', ')}`);
  return { live, ready };
}
const healthRoutes = probeRoutes();

describe('published schemas', () => {
  it('compose.yaml is valid against the Compose Specification schema', () => {
    const result = validateCompose(compose);
    assert.ok(result.valid, JSON.stringify(result.errors, null, 2));
  });

  it('every Kubernetes manifest as written is valid against its kind’s standalone-strict schema', () => {
    assert.ok(manifests.length >= 8, 'the manifests are found');
    for (const { file, doc } of manifests) {
      const result = validateKubernetes(doc);
      assert.ok(result.valid, `${file} (${doc.kind}): ${JSON.stringify(result.errors.slice(0, 5), null, 2)}`);
    }
  });

  it('the schemas refuse what they should: a misspelt field, a wrong type, an unknown kind', () => {
    const deployment = structuredClone(byName('Deployment', 'hub-api'));
    deployment.spec.template.spec.containers[0].readinesProbe = { httpGet: { path: '/', port: 8080 } };
    assert.equal(validateKubernetes(deployment).valid, false, 'strict: unknown field refused');
    const pdb = structuredClone(byName('PodDisruptionBudget', 'hub-api'));
    pdb.spec.maxUnavailable = { one: 1 };
    assert.equal(validateKubernetes(pdb).valid, false, 'wrong type refused');
    assert.equal(validateKubernetes({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x' } }).valid, false);
    const broken = structuredClone(compose);
    broken.services.api.depends_on.migrate.condition = 'service_finished';
    assert.equal(validateCompose(broken).valid, false, 'compose: unknown depends_on condition refused');
  });

  it('every kustomization lists each manifest of its folder, and only files that exist', () => {
    for (const dir of kustomizations()) {
      const kustomization = readYamlFile(path.join(dir, 'kustomization.yaml'));
      const resources = (kustomization.resources ?? []) as string[];
      for (const r of resources) assert.ok(existsSync(path.join(dir, r)), `${dir}: ${r} exists`);
      const files = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n) && n !== 'kustomization.yaml');
      for (const f of files) assert.ok(resources.includes(f), `${path.relative(repoRoot, dir)} lists ${f}`);
    }
  });

  it('every kustomization names the registry image of each image its objects run', () => {
    for (const dir of kustomizations()) {
      const kustomization = readYamlFile(path.join(dir, 'kustomization.yaml'));
      const named = ((kustomization.images ?? []) as Doc[]).map((i) => i.name as string);
      const used = manifests
        .filter((m) => path.dirname(path.join(repoRoot, m.file)) === dir)
        .flatMap((m) => containersOf(m.doc).map((c) => String(c.image)));
      for (const image of used)
        assert.ok(named.includes(image), `${path.relative(repoRoot, dir)} sets ${image}'s registry and tag`);
    }
  });

  it(
    'the kustomizations render with kubectl kustomize and the rendered objects are valid too',
    { skip: kubectlAvailable() ? false : 'kubectl is not installed here: rendering not checked' },
    () => {
      for (const dir of kustomizations()) {
        const rendered = renderKustomization(dir);
        assert.ok(rendered.length > 0);
        for (const doc of rendered) {
          const result = validateKubernetes(doc);
          assert.ok(result.valid, `${dir} ${doc.kind} ${doc.metadata?.name}: ${JSON.stringify(result.errors)}`);
          for (const c of containersOf(doc)) assert.match(String(c.image), /\//, 'images are set to a registry');
        }
      }
    },
  );
});

describe('the roles and health routes of the API', () => {
  it('every role the artefacts run is a role of the API’s entry', () => {
    const roles = apiRoles();
    const run: Array<[string, string]> = [];
    // A role is the first argument of the image's entry, or what a script of the image passes it.
    const rolesOfCommand = (where: string, command: string[]) => {
      const script = command.join(' ').match(/\/app\/([\w-]+\.sh)\b/)?.[1];
      // The script's commands, not its comments.
      const text = script
        ? readFileSync(path.join(deployDir, 'api', script), 'utf8')
            .split('\n')
            .filter((line) => !line.trimStart().startsWith('#'))
            .join('\n')
        : command.join(' ');
      const called = [...text.matchAll(/dist\/main\.js"?\s+(\w+)/g)].map((m) => m[1]!);
      for (const role of called) run.push([where, role]);
      return called.length > 0;
    };
    for (const [name, s] of apiServices()) {
      const command = (s.command ?? []) as string[];
      if (s.entrypoint) assert.ok(rolesOfCommand(`compose ${name}`, command), `compose ${name} runs a role`);
      else run.push([`compose ${name}`, command[0] ?? '']);
    }
    for (const { owner, c } of apiContainers()) {
      if (c.command) assert.ok(rolesOfCommand(`kubernetes ${owner}`, c.command), `${owner} runs a role`);
      else run.push([`kubernetes ${owner}`, (c.args as string[])[0] ?? '']);
    }
    const cmd = apiStages()
      .at(-1)!
      .instructions.find((i) => i.keyword === 'CMD');
    run.push(['Containerfile CMD', execForm(cmd!.args)[0]!]);
    for (const role of ['api', 'migrate', 'worker', 'backup'])
      assert.ok(
        run.some(([, r]) => r === role),
        `some artefact runs ${role}`,
      );
    for (const [where, role] of run)
      assert.ok(roles.includes(role), `${where} runs role "${role}" (${roles.join(', ')})`);
  });

  it('probes and health checks use the API’s readiness and liveness routes', () => {
    for (const { owner, c } of apiContainers()) {
      if (c.readinessProbe) assert.equal(c.readinessProbe.httpGet.path, healthRoutes.ready, `${owner} readiness`);
      if (c.livenessProbe) assert.equal(c.livenessProbe.httpGet.path, healthRoutes.live, `${owner} liveness`);
    }
    const api = byName('Deployment', 'hub-api').spec.template.spec.containers[0];
    assert.ok(api.readinessProbe && api.livenessProbe, 'the API has both probes');
    const composeApi = compose.services.api.healthcheck.test as string[];
    assert.ok(composeApi.includes(healthRoutes.ready), 'compose waits for the API’s readiness');
    for (const [name, s] of apiServices()) {
      const test = (s.healthcheck?.test ?? []) as string[];
      const paths = test.filter((t) => t.startsWith('/api/'));
      for (const p of paths) assert.ok(Object.values(healthRoutes).includes(p), `compose ${name}: ${p}`);
    }
    const healthcheck = apiStages()
      .at(-1)!
      .instructions.find((i) => i.keyword === 'HEALTHCHECK');
    assert.ok(healthcheck, 'the API image has a HEALTHCHECK');
    const path = healthcheck.args.match(/\/api\/[\w/]+/)?.[0];
    assert.ok(path && Object.values(healthRoutes).includes(path), `HEALTHCHECK ${healthcheck.args}`);
  });
});

// ---- The images ----

const apiStages = (): ContainerStage[] => readContainerfile(path.join(deployDir, 'api', 'Containerfile'));
const instruction = (stage: ContainerStage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

describe('the images’ files', () => {
  const images = ['api/Containerfile', 'web/Containerfile'].map((f) => path.join(deployDir, f));
  const sourceStage = path.join(deployDir, 'source', 'Containerfile');
  const containerfiles = [sourceStage, ...images];

  it('the Containerfiles pass the Dockerfile language server’s validation, which refuses a broken one', () => {
    for (const file of containerfiles)
      assert.deepEqual(containerfileProblems(readFileSync(file, 'utf8')), [], path.relative(repoRoot, file));
    assert.deepEqual(containerfileProblems('FROM scratch\nHEALTHCHECK --intervl=1s CMD x\nCOPPY a b\n'), [
      'line 2: Unknown flag: intervl',
      'line 3: Unknown instruction: COPPY',
    ]);
  });

  it('both images build on the one shared build stage (deploy/source/Containerfile), which fetches the packages', () => {
    const source = readContainerfile(sourceStage);
    assert.equal(source.length, 1, 'one stage');
    const runs = instruction(source[0]!, 'RUN').map((i) => i.args);
    assert.ok(
      runs.some((r) => /pnpm fetch/.test(r)),
      'pnpm fetch',
    );
    for (const file of images) {
      const text = readFileSync(file, 'utf8');
      const build = readContainerfile(file)[0]!;
      assert.deepEqual(
        [build.from, build.name],
        ['${SOURCE_IMAGE}', 'build'],
        `${path.relative(repoRoot, file)} starts from it`,
      );
      assert.match(text, /^ARG SOURCE_IMAGE=\S+hub-source:\S+$/m, 'with a default name');
      assert.doesNotMatch(text, /pnpm fetch|npm install --global pnpm/, 'and repeats none of it');
    }
  });

  it('every repository file a build step copies exists, and the start scripts are valid shell', () => {
    for (const file of images) {
      const runs = readContainerfile(file).flatMap((stage) => instruction(stage, 'RUN').map((i) => i.args));
      const copied = runs.flatMap((r) => [
        ...r.matchAll(/\bcp (?:-r )?((?:(?:deploy|devstack|serving|host|remote-\w+)\/[\w./*-]+ ?)+)/g),
      ]);
      const sources = copied.flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
      assert.ok(sources.length > 0, `${file} copies files`);
      for (const source of sources) {
        if (/\bdist\b/.test(source)) continue; // made by the build step itself
        assert.ok(existsSync(path.join(repoRoot, source)), `${path.relative(repoRoot, file)}: ${source} exists`);
      }
    }
    for (const script of ['api/backup-rotate.sh', 'web/entrypoint.sh']) {
      const checked = spawnSync('sh', ['-n', path.join(deployDir, script)], { encoding: 'utf8' });
      assert.equal(checked.status, 0, `${script}: ${checked.stderr}`);
    }
  });

  it('the web image copies the bundled commands the build makes', () => {
    const source = readFileSync(path.join(repoRoot, 'serving', 'build-dist.mjs'), 'utf8');
    const entries = [...source.matchAll(/'([\w-]+)': 'src\//g)].map((m) => `${m[1]}.mjs`);
    const entrypoint = readFileSync(path.join(deployDir, 'web', 'entrypoint.sh'), 'utf8');
    for (const used of entrypoint.matchAll(/\$bin\/([\w-]+\.mjs)/g))
      assert.ok(entries.includes(used[1]!), `entrypoint.sh runs ${used[1]}, which build-dist.mjs makes`);
  });
});

describe('the API image', () => {
  it('is multi-stage: compiled and deployed with production dependencies only, run as a non-root user', () => {
    const stages = apiStages();
    assert.ok(stages.length >= 2, 'multi-stage');
    const build = stages.slice(0, -1).flatMap((s) => instruction(s, 'RUN').map((i) => i.args));
    assert.ok(
      build.some((r) => /pnpm deploy\b.*--prod/.test(r)),
      'pnpm deploy --prod',
    );
    assert.ok(
      build.some((r) => /pnpm --filter @hub\/api build/.test(r)),
      'the API is compiled',
    );
    const runtime = stages.at(-1)!;
    const user = instruction(runtime, 'USER').at(-1)?.args;
    assert.ok(user && !/^(root|0)(:|$)/.test(user), `USER ${user}`);
    const env = instruction(runtime, 'ENV')
      .map((i) => i.args)
      .join(' ');
    assert.match(env, /\bHOST=0\.0\.0\.0\b/);
    assert.match(env, /\bNODE_ENV=production\b/);
    const entry = [...instruction(runtime, 'ENTRYPOINT'), ...instruction(runtime, 'CMD')].flatMap((i) =>
      execForm(i.args),
    );
    assert.ok(!entry.some((a) => /tsx/.test(a)), 'no tsx at run time');
    assert.ok(
      entry.some((a) => /dist\/main\.js$/.test(a)),
      'runs the compiled entry',
    );
  });

  it('listens where compose and Kubernetes send traffic', () => {
    const runtime = apiStages().at(-1)!;
    const port = Number(instruction(runtime, 'EXPOSE')[0]?.args);
    assert.match(
      instruction(runtime, 'ENV')
        .map((i) => i.args)
        .join(' '),
      new RegExp(`\\bPORT=${port}\\b`),
    );
    for (const { owner, c } of apiContainers()) {
      if (c.ports) assert.equal(c.ports[0].containerPort, port, `${owner} containerPort`);
    }
    assert.equal(byName('Service', 'hub-api').spec.ports[0].port, port);
  });
});

// ---- Settings and secrets ----

/** Every environment variable each artefact sets, with its literal value (undefined: from elsewhere). */
function settingsSet(): Array<{ where: string; name: string; value: unknown; fromSecret: boolean }> {
  const found: Array<{ where: string; name: string; value: unknown; fromSecret: boolean }> = [];
  for (const [name, s] of Object.entries(compose.services as Record<string, Doc>)) {
    if (!/hub-/.test(String(s.image))) continue; // third-party images' own variables (POSTGRES_*) are theirs
    for (const [key, value] of Object.entries((s.environment ?? {}) as Record<string, unknown>))
      found.push({ where: `compose ${name}`, name: key, value, fromSecret: false });
  }
  for (const { file, doc } of manifests) {
    if (doc.kind === 'ConfigMap')
      for (const [key, value] of Object.entries(doc.data ?? {}))
        found.push({ where: `${file}`, name: key, value, fromSecret: false });
    for (const c of containersOf(doc))
      for (const e of (c.env ?? []) as Doc[])
        found.push({
          where: `${file} ${c.name}`,
          name: e.name,
          value: e.value,
          fromSecret: Boolean(e.valueFrom?.secretKeyRef),
        });
  }
  return found;
}

/** A value that is the operator's, not ours: compose interpolation of deploy/.env. */
const interpolated = (value: unknown) => typeof value === 'string' && /\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}/.test(value);
const credentialsInUrl = (value: string) => /\/\/[^/\s:@]+:[^@\s]+@/.test(value);

describe('settings and secrets', () => {
  const documented = documentedSettings();

  it('every variable the compose file and the manifests set is a documented setting', () => {
    assert.ok(documented.size > 20, 'docs/configuration.md is read');
    for (const s of settingsSet())
      assert.ok(documented.has(s.name), `${s.where} sets ${s.name}, not in docs/configuration.md`);
  });

  it('Compose interpolates only its own documented variables', () => {
    assert.deepEqual(composeInterpolations().sort(), [...composeVariables].sort());
    for (const name of composeVariables) assert.ok(documented.has(name), `${name} is in docs/configuration.md`);
    assert.ok(documented.get('POSTGRES_PASSWORD')?.secret, 'the database password is marked secret');
  });

  it('no secret has a literal value: compose interpolates deploy/.env, Kubernetes references hub-secrets', () => {
    const secrets = [...documented.values()].filter((s) => s.secret).map((s) => s.name);
    assert.ok(secrets.includes('DATABASE_URL') && secrets.includes('HUB_SMTP_URL'), 'the reference marks secrets');
    // A secret that names a file (the service-account key) may be a path where a secret is mounted.
    const secretMounts = podSpecs().flatMap(({ spec }) => {
      const fromSecret = new Set(((spec.volumes ?? []) as Doc[]).filter((v) => v.secret).map((v) => v.name));
      return (spec.containers as Doc[]).flatMap((c) =>
        ((c.volumeMounts ?? []) as Doc[]).filter((m) => fromSecret.has(m.name)).map((m) => `${m.mountPath}/`),
      );
    });
    const isMountedSecretFile = (where: string, value: unknown) =>
      typeof value === 'string' &&
      (where.startsWith('compose') ? value.startsWith('/run/secrets/') : secretMounts.some((m) => value.startsWith(m)));
    let checked = 0;
    for (const s of settingsSet()) {
      if (typeof s.value === 'string' && credentialsInUrl(s.value) && !interpolated(s.value))
        assert.fail(`${s.where}: ${s.name} carries credentials literally`);
      if (!secrets.includes(s.name) || isMountedSecretFile(s.where, s.value)) continue;
      checked += 1;
      if (s.where.startsWith('compose')) assert.ok(interpolated(s.value), `${s.where}: ${s.name} is interpolated`);
      else assert.ok(s.fromSecret, `${s.where}: ${s.name} comes from a secretKeyRef`);
    }
    assert.ok(checked >= 3, 'the Kubernetes secrets are among the settings checked');
    assert.ok(!manifests.some((m) => m.doc.kind === 'Secret'), 'no Secret object is committed');
  });

  it('the env file and the secrets folder that compose reads are never committed', () => {
    for (const p of ['deploy/.env', 'deploy/secrets/firebase-service-account.json']) {
      const ignored = spawnSync('git', ['check-ignore', '--quiet', p], { cwd: repoRoot }).status === 0;
      assert.ok(ignored, `${p} is ignored by git`);
    }
    for (const [name, s] of apiServices())
      assert.deepEqual(
        (s.env_file as Doc[]).map((e) => e.path),
        ['.env'],
        `compose ${name} reads deploy/.env`,
      );
  });

  it('every pod of the API image gets the API’s settings, so one change reaches all of them', () => {
    const api = byName('Deployment', 'hub-api').spec.template.spec.containers[0];
    const others = apiContainers().filter(({ owner }) => owner !== 'hub-api');
    assert.deepEqual(others.map(({ owner }) => owner).sort(), ['hub-backup', 'hub-migrate', 'hub-worker']);
    for (const { owner, c } of others) {
      assert.deepEqual(c.envFrom, api.envFrom, `${owner} envFrom`);
      // Everything the API gets; the migrate step and backups may get the owner's URL besides.
      for (const e of api.env as Doc[])
        assert.deepEqual(
          (c.env as Doc[]).find((x) => x.name === e.name),
          e,
          `${owner} ${e.name}`,
        );
      for (const e of c.env as Doc[])
        assert.ok(
          (api.env as Doc[]).some((x) => x.name === e.name) ||
            (e.name === 'HUB_MIGRATE_DATABASE_URL' && owner !== 'hub-worker'),
          `${owner} sets ${e.name}, which the API does not get`,
        );
      for (const mount of api.volumeMounts)
        assert.ok(
          c.volumeMounts.some((m: Doc) => m.name === mount.name && m.mountPath === mount.mountPath),
          `${owner} mounts ${mount.name}`,
        );
    }
  });
});

describe('compose topology', () => {
  const services = compose.services as Record<string, Doc>;

  it('starts in order: data stores healthy, migrate completed, then the API and the worker', () => {
    for (const name of ['api', 'worker']) {
      const deps = services[name]!.depends_on as Record<string, { condition: string }>;
      assert.equal(deps.migrate?.condition, 'service_completed_successfully', `${name} waits for migrate`);
      assert.equal(deps.postgres?.condition, 'service_healthy');
      assert.equal(deps.redis?.condition, 'service_healthy');
    }
    assert.equal(services.migrate!.depends_on.postgres.condition, 'service_healthy');
    assert.equal(services.migrate!.restart, 'no', 'migrate is one-shot');
    for (const [name, s] of Object.entries(services))
      for (const dep of Object.keys((s.depends_on ?? {}) as Doc)) assert.ok(services[dep], `${name} → ${dep} exists`);
  });

  it('runs two API replicas, the worker apart, and a health check on every long-running service', () => {
    assert.equal(services.api!.deploy.replicas, 2);
    assert.equal(services.api!.environment.HUB_OUTBOX, 'worker', 'the replicas leave the outbox to the worker');
    for (const [name, s] of Object.entries(services)) {
      if (['migrate', 'backup'].includes(name)) continue;
      assert.ok(s.healthcheck?.test, `${name} has a health check`);
    }
  });

  it('keeps data in named volumes only', () => {
    const declared = Object.keys((compose.volumes ?? {}) as Doc);
    for (const [name, s] of Object.entries(services))
      for (const v of (s.volumes ?? []) as string[]) {
        const source = String(v).split(':')[0]!;
        assert.ok(declared.includes(source), `${name}: ${source} is a named volume`);
      }
    assert.ok(declared.includes('pgdata') && declared.includes('backups'));
  });
});

describe('Kubernetes objects fit together', () => {
  const podLabels = (o: Doc) => o.spec.template.metadata.labels as Record<string, string>;
  const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
    Object.entries(selector).every(([k, v]) => labels[k] === v);

  it('Services, the autoscaler, the disruption budget and the Ingress name what exists', () => {
    const deployments = objects('Deployment');
    for (const svc of objects('Service')) {
      const target = deployments.find((d) => selects(svc.spec.selector, podLabels(d)));
      assert.ok(target, `Service ${svc.metadata.name} selects a Deployment's pods`);
      const portNames = containersOf(target).flatMap((c) => (c.ports ?? []).map((p: Doc) => p.name));
      for (const p of svc.spec.ports)
        assert.ok(portNames.includes(p.targetPort), `${svc.metadata.name} → ${p.targetPort}`);
    }
    const hpa = byName('HorizontalPodAutoscaler', 'hub-api');
    assert.ok(byName(hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name));
    assert.ok(hpa.spec.minReplicas >= 2, 'never fewer than two API pods');
    const pdb = byName('PodDisruptionBudget', 'hub-api');
    assert.ok(selects(pdb.spec.selector.matchLabels, podLabels(byName('Deployment', 'hub-api'))));
    for (const rule of byName('Ingress', 'hub').spec.rules)
      for (const p of rule.http.paths) {
        const svc = byName('Service', p.backend.service.name);
        assert.ok(svc.spec.ports.some((sp: Doc) => sp.name === p.backend.service.port.name));
      }
  });

  it('the API drains within its grace period and rolls without dropping below its replicas', () => {
    const api = byName('Deployment', 'hub-api');
    assert.equal(api.spec.strategy.rollingUpdate.maxUnavailable, 0);
    const settings = byName('ConfigMap', 'hub-settings').data as Record<string, string>;
    // The drain: not ready and still serving for the delay, then requests in flight up to the timeout.
    const drainSeconds = (Number(settings.HUB_SHUTDOWN_DELAY_MS) + Number(settings.HUB_SHUTDOWN_TIMEOUT_MS)) / 1000;
    assert.ok(drainSeconds >= 5, 'the drain settings are stated');
    assert.ok(
      api.spec.template.spec.terminationGracePeriodSeconds >= drainSeconds + 5,
      `terminationGracePeriodSeconds ≥ ${drainSeconds} s of drain + 5`,
    );
    const composeGrace = Number(/^(\d+)s$/.exec(String(compose.services.api.stop_grace_period))?.[1]);
    assert.ok(composeGrace >= drainSeconds + 5, `compose stop_grace_period ≥ ${drainSeconds} s of drain + 5`);
    // Readiness fails within the drain delay, so the pod leaves the endpoints before it stops accepting.
    const ready = api.spec.template.spec.containers[0].readinessProbe;
    assert.ok(
      ready.periodSeconds * ready.failureThreshold <=
        Number(settings.HUB_SHUTDOWN_DELAY_MS) / 1000 + ready.periodSeconds,
    );
  });

  it('secrets are referenced by name, from one Secret', () => {
    const names = new Set<string>();
    for (const { spec } of podSpecs()) {
      for (const c of spec.containers as Doc[])
        for (const e of (c.env ?? []) as Doc[]) if (e.valueFrom?.secretKeyRef) names.add(e.valueFrom.secretKeyRef.name);
      for (const v of (spec.volumes ?? []) as Doc[]) if (v.secret) names.add(v.secret.secretName);
    }
    assert.deepEqual([...names], ['hub-secrets']);
  });

  it('every pod runs as a non-root user without privilege escalation, with requests and a memory limit', () => {
    for (const { name, spec } of podSpecs()) {
      assert.equal(spec.securityContext?.runAsNonRoot, true, `${name} runAsNonRoot`);
      assert.notEqual(spec.securityContext?.runAsUser, 0, `${name} not uid 0`);
      assert.equal(spec.automountServiceAccountToken, false, `${name} needs no API token`);
      for (const c of spec.containers as Doc[]) {
        assert.equal(c.securityContext?.allowPrivilegeEscalation, false, `${name}/${c.name}`);
        assert.deepEqual(c.securityContext?.capabilities?.drop, ['ALL'], `${name}/${c.name} drops capabilities`);
        assert.ok(c.resources?.requests?.cpu && c.resources?.requests?.memory, `${name}/${c.name} requests`);
        assert.ok(c.resources?.limits?.memory, `${name}/${c.name} memory limit`);
      }
    }
    // The autoscaler's CPU utilisation is a share of the request: the target must request CPU.
    const hpa = byName('HorizontalPodAutoscaler', 'hub-api');
    const target = byName(hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name);
    for (const c of containersOf(target)) assert.ok(c.resources.requests.cpu, `${c.name} requests CPU for the HPA`);
  });

  it('the migrate Job is its own kustomization, applied before the app', () => {
    const migrate = readYamlFile(path.join(kubernetesDir, 'migrate', 'kustomization.yaml'));
    assert.ok((migrate.resources as string[]).includes('migrate-job.yaml'));
    const app = readYamlFile(path.join(kubernetesDir, 'app', 'kustomization.yaml'));
    assert.ok(!(app.resources as string[]).some((r) => /migrate/.test(r)), 'the app does not carry the Job');
  });
});

// ---- The web and pages images' start, run here as the images would run it ----

describe('the web image’s start (deploy/web/entrypoint.sh) with Kubernetes’ settings', () => {
  const servingDir = path.join(repoRoot, 'serving');
  const apps = ['host', 'events', 'communities', 'account', 'admin'] as const;
  const settings = byName('ConfigMap', 'hub-settings').data as Record<string, string>;
  const webEnv = Object.fromEntries(
    (byName('Deployment', 'hub-web').spec.template.spec.containers[0].env as Doc[]).map((e) => [e.name, e.value]),
  ) as Record<string, string>;
  let tmp: string;
  let bin: string;
  let port: number;
  let apiPort: number;
  let env: NodeJS.ProcessEnv;
  const children: ChildProcess[] = [];
  const servers: http.Server[] = [];

  /** GET through nginx on 127.0.0.1 with the Host of one app's public origin. */
  const get = (host: string, pathname: string, toPort = port) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: toPort, path: pathname, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const hostOf = (url: string) => new URL(url).host;
  const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
    const child = spawn('sh', [path.join(bin, 'entrypoint.sh'), ...args], {
      env: { ...process.env, ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  };
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
  async function waitFor(check: () => Promise<boolean>, what: { name: string; output: () => string }, ms = 15_000) {
    const end = Date.now() + ms;
    while (!(await check().catch(() => false))) {
      if (Date.now() > end) throw new Error(`${what.name} did not answer in ${ms} ms:\n${what.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-web-image-'));
    // nginx's workers run as nobody when the test runs as root: they must read the folders.
    await chmod(tmp, 0o755);
    bin = path.join(tmp, 'opt');
    await mkdir(bin);
    // The image's /opt/hub: the bundled commands (bundled straight there: other test files bundle
    // into serving/dist at the same time), the start script and the health check.
    const built = spawnSync(process.execPath, ['build-dist.mjs', bin], { cwd: servingDir, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    await copyFile(path.join(deployDir, 'web', 'entrypoint.sh'), path.join(bin, 'entrypoint.sh'));
    await copyFile(path.join(deployDir, 'api', 'healthcheck.mjs'), path.join(bin, 'healthcheck.mjs'));
    // The image's /srv/hub: one folder per app, each with a file that says whose it is.
    for (const app of apps) {
      await mkdir(path.join(tmp, 'srv', app), { recursive: true });
      await writeFile(path.join(tmp, 'srv', app, 'mf-manifest.json'), JSON.stringify({ app }));
    }
    await writeFile(path.join(tmp, 'srv', 'host', 'index.html'), '<!doctype html><title>Community Hub</title>');
    // Stands in for the API replicas behind nginx's /api/ (compose's arrangement).
    const api = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ api: req.url }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    servers.push(api);
    apiPort = (api.address() as AddressInfo).port;
    port = await freePort();
    // Kubernetes' settings as written, but listening on this machine's loopback and serving the
    // folders above; every app on the one port, as the Deployment has it.
    const listen = Object.fromEntries(
      Object.entries(webEnv)
        .filter(([name]) => /^HUB_NGINX_\w+_LISTEN$/.test(name))
        .map(([name]) => [name, `127.0.0.1:${port}`]),
    );
    assert.equal(Object.keys(listen).length, 4, 'the four remotes share the host’s port');
    env = {
      ...settings,
      ...webEnv,
      ...listen,
      HUB_NGINX_HOST_LISTEN: `127.0.0.1:${port}`,
      HUB_NGINX_ROOT: path.join(tmp, 'srv'),
      HUB_NGINX_RUNTIME_DIR: path.join(tmp, 'run'),
      HUB_NGINX_API_UPSTREAMS: `127.0.0.1:${apiPort}`,
      HUB_NGINX_PAGE_SERVER: '',
      HUB_NGINX_BROTLI: 'off',
      // Node gives a child sockets, not pipes, for its output: /dev/stdout cannot be opened there.
      HUB_NGINX_ACCESS_LOG: path.join(tmp, 'access.log'),
      HUB_NGINX_ERROR_LOG: path.join(tmp, 'error.log'),
      HUB_PAGE_SERVER_ROOT: path.join(tmp, 'srv', 'host'),
    };
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const server of servers) server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('refuses to start on a development setting, naming it, and starts nothing', async () => {
    const refused = run(['nginx'], { HUB_SITE_ORIGIN: 'http://localhost:3000' });
    assert.equal(await refused.exited, 2, refused.output());
    assert.match(refused.output(), /HUB_SITE_ORIGIN/);
    assert.ok(!existsSync(path.join(tmp, 'run', 'nginx.conf')), 'no nginx configuration written');
  });

  it('writes the documents and nginx.conf from the settings and serves every app by its origin', async () => {
    const web = run(['nginx']);
    await waitFor(async () => (await get(hostOf(settings.HUB_SITE_ORIGIN!), '/healthz')).status === 200, {
      name: 'nginx',
      output: web.output,
    });
    const site = hostOf(settings.HUB_SITE_ORIGIN!);
    const remotes = await get(site, '/remotes.json');
    assert.equal(remotes.status, 200);
    assert.match(String(remotes.headers['cache-control']), /no-store/);
    assert.deepEqual(JSON.parse(remotes.body), {
      events: settings.HUB_REMOTE_EVENTS_URL,
      communities: settings.HUB_REMOTE_COMMUNITIES_URL,
      account: settings.HUB_REMOTE_ACCOUNT_URL,
      admin: settings.HUB_REMOTE_ADMIN_URL,
    });
    const appConfig = JSON.parse((await get(site, '/app-config.json')).body);
    assert.equal(appConfig.apiBaseUrl, settings.HUB_API_BASE_URL);
    assert.equal(appConfig.firebase.projectId, settings.HUB_FIREBASE_PROJECT_ID);
    assert.equal(appConfig.firebase.emulatorUrl, undefined, 'no Auth emulator in production');
    assert.equal(appConfig.msal.authority, settings.HUB_MSAL_AUTHORITY);
    // One port, five origins: each remote's host name reaches its own folder.
    for (const remote of ['events', 'communities', 'account', 'admin']) {
      const url = settings[`HUB_REMOTE_${remote.toUpperCase()}_URL`]!;
      const manifest = await get(hostOf(url), new URL(url).pathname);
      assert.equal(manifest.status, 200, remote);
      assert.deepEqual(JSON.parse(manifest.body), { app: remote });
    }
    assert.deepEqual(JSON.parse((await get(site, '/mf-manifest.json')).body), { app: 'host' });
    assert.deepEqual(JSON.parse((await get(site, '/api/communities')).body), { api: '/api/communities' });
    // The images' health check, against this server: 0 when it answers 2xx, 1 otherwise.
    const check = (target: string) =>
      spawnSync(process.execPath, [path.join(bin, 'healthcheck.mjs'), target], {
        env: { ...process.env, PORT: String(port) },
      }).status;
    assert.equal(check(`http://127.0.0.1:${port}/healthz`), 0);
    assert.equal(check('/healthz'), 0, 'a path is asked of 127.0.0.1:$PORT');
    assert.equal(check('/no-such-file.js'), 1);
    // exec: the signal reaches nginx itself, which stops.
    web.child.kill('SIGTERM');
    assert.equal(await web.exited, 0, web.output());
  });

  it('the pages role writes the documents into its own copy of the host and serves', async () => {
    const pagePort = await freePort();
    const pages = run(['pages'], { HUB_PAGE_SERVER_PORT: String(pagePort), HUB_PAGE_SERVER_HOST: '127.0.0.1' });
    await waitFor(async () => (await get('localhost', '/healthz', pagePort)).status === 200, {
      name: 'the page server',
      output: pages.output,
    });
    assert.ok(existsSync(path.join(tmp, 'srv', 'host', 'app-config.json')));
    pages.child.kill('SIGTERM');
    assert.equal(await pages.exited, 0, pages.output());
  });
});

describe('the API image’s scripts with the compiled API (the image’s /app, laid out here)', () => {
  const apiDir = path.join(repoRoot, 'api');
  let tmp: string;
  let app: string;
  let env: NodeJS.ProcessEnv;
  const node = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, args, {
      env: { ...process.env, ...env, ...extra },
      encoding: 'utf8',
      timeout: 120_000,
    });

  before(async () => {
    const built = spawnSync('pnpm', ['--silent', '--filter', '@hub/api', 'build'], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-api-image-'));
    // /app as the Containerfile lays it out: dist/ (pnpm deploy's) and the two scripts beside it.
    app = path.join(tmp, 'app');
    await mkdir(app);
    await symlink(path.join(apiDir, 'dist'), path.join(app, 'dist'));
    for (const script of ['healthcheck.mjs', 'backup-rotate.sh'])
      await copyFile(path.join(deployDir, 'api', script), path.join(app, script));
    env = { HUB_DATA_DIR: path.join(tmp, 'data'), HUB_LOG_LEVEL: 'silent', NODE_ENV: 'development' };
    const migrated = node([path.join(app, 'dist', 'main.js'), 'migrate']);
    assert.equal(migrated.status, 0, migrated.stderr);
  });

  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('the health check passes on the API role’s readiness and fails on a missing route', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const api = spawn(process.execPath, [path.join(app, 'dist', 'main.js'), 'api'], {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => api.once('exit', resolve));
    try {
      const check = (target: string) =>
        new Promise<number | null>((resolve) =>
          spawn(process.execPath, [path.join(app, 'healthcheck.mjs'), target], {
            env: { ...process.env, PORT: String(port) },
          }).once('exit', resolve),
        );
      const end = Date.now() + 30_000;
      while ((await check(healthRoutes.live)) !== 0) {
        assert.ok(Date.now() < end, 'the API answered its liveness');
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(await check(healthRoutes.ready), 0, 'ready: database there, migrations applied');
      assert.equal(await check('/api/health/no-such-probe'), 1);
    } finally {
      api.kill('SIGTERM');
      assert.equal(await exited, 0, 'SIGTERM stops the API cleanly');
    }
  });

  it('backup-rotate.sh writes a dated dump and removes only the ones older than the days kept', async () => {
    const backups = path.join(tmp, 'backups');
    await mkdir(backups);
    const day = 24 * 3600 * 1000;
    const aged = async (name: string, days: number) => {
      const file = path.join(backups, name);
      await writeFile(file, 'old');
      const when = new Date(Date.now() - days * day);
      await utimes(file, when, when);
      return file;
    };
    const stale = await aged('hub-20000101T000000Z.dump', 20);
    const recent = await aged('hub-20000102T000000Z.dump', 3);
    const other = await aged('notes.txt', 40);

    // A backup that fails (no database there) removes nothing.
    const failed = spawnSync('sh', [path.join(app, 'backup-rotate.sh'), backups, '14'], {
      env: { ...process.env, ...env, HUB_DATABASE: 'postgres', DATABASE_URL: 'postgres://hub:x@127.0.0.1:1/hub' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.notEqual(failed.status, 0);
    assert.ok(existsSync(stale), 'a failed backup leaves the old dumps');
    assert.deepEqual(
      readdirSync(backups).filter((n) => !n.startsWith('hub-2000') && n !== 'notes.txt'),
      [],
      'and no partial file',
    );

    const done = spawnSync('sh', [path.join(app, 'backup-rotate.sh'), backups, '14'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(done.status, 0, done.stderr);
    const written = readdirSync(backups).filter((n) => /^hub-\d{8}T\d{6}Z\.dump$/.test(n) && !n.startsWith('hub-2000'));
    assert.equal(written.length, 1, `one new dump: ${readdirSync(backups).join(', ')}`);
    assert.ok(readFileSync(path.join(backups, written[0]!)).length > 1000, 'the dump holds the database');
    assert.ok(!existsSync(stale), 'a dump older than 14 days is removed');
    assert.ok(existsSync(recent) && existsSync(other), 'newer dumps and other files stay');
  });
});
