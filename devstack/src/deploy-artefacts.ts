import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AjvModule, { type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { DockerfileParser, From } from 'dockerfile-ast';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { parse, parseAllDocuments } from 'yaml';
import { repoRoot } from '../../serving/src/site-config';

/**
 * The deployment artefacts of deploy/ read as data, for deploy-artefacts.test.ts: the compose file,
 * the Kubernetes manifests (as written, and as `kubectl kustomize` renders them when kubectl is
 * installed), the Containerfiles, the settings reference, and validators built from the published
 * schemas vendored in deploy/schemas/.
 */

export const deployDir = path.join(repoRoot, 'deploy');
const schemasDir = path.join(deployDir, 'schemas');
const kubernetesSchemasDir = path.join(schemasDir, 'kubernetes-v1.32.2-standalone-strict');
export const kubernetesDir = path.join(deployDir, 'kubernetes');

// ajv's CommonJS default export, as ESM sees it under tsx.
const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** A Kubernetes object or compose document, as parsed YAML. */
export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function validatorFor(schemaFile: string): ValidateFunction {
  // strict: false — the Kubernetes schemas carry x-kubernetes-* keywords, which are annotations.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // The OpenAPI integer formats the Kubernetes schemas use, checked rather than ignored.
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Doc;
  // Their `$schema` names draft-04 / draft-07 by addresses ajv does not hold; the keywords used are
  // the same in ajv's default draft.
  delete schema.$schema;
  return ajv.compile(schema);
}

export const validateCompose = (() => {
  let validate: ValidateFunction | undefined;
  return (doc: unknown) => {
    validate ??= validatorFor(path.join(schemasDir, 'compose-spec.json'));
    return { valid: validate(doc) as boolean, errors: validate.errors ?? [] };
  };
})();

/** The vendored schema file of a kind, by yannh/kubernetes-json-schema's naming. */
function kubernetesSchemaFile(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const groupPart = group ? `-${group!.split('.')[0]}` : '';
  return path.join(kubernetesSchemasDir, `${kind.toLowerCase()}${groupPart}-${version}.json`);
}

const kubernetesValidators = new Map<string, ValidateFunction>();

/** Validates one Kubernetes object against the published schema of its kind; unknown kinds fail. */
export function validateKubernetes(doc: Doc): { valid: boolean; errors: unknown[] } {
  const file = kubernetesSchemaFile(String(doc.apiVersion), String(doc.kind));
  if (!existsSync(file)) {
    return { valid: false, errors: [`no vendored schema for ${doc.apiVersion} ${doc.kind} (${path.basename(file)})`] };
  }
  let validate = kubernetesValidators.get(file);
  if (!validate) {
    validate = validatorFor(file);
    kubernetesValidators.set(file, validate);
  }
  return { valid: validate(doc) as boolean, errors: validate.errors ?? [] };
}

/**
 * The variables Compose itself interpolates into compose.yaml from deploy/.env (documented in
 * docs/configuration.md, "Compose"); our processes never read them.
 */
export const composeVariables = [
  'POSTGRES_PASSWORD',
  'HUB_API_IMAGE',
  'HUB_WEB_IMAGE',
  'HUB_PAGES_IMAGE',
  'HUB_HTTP_PORT',
];

/** The `${NAME…}` interpolations of compose.yaml's text. */
export const composeInterpolations = (): string[] => [
  ...new Set(
    [...readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map(
      (m) => m[1]!,
    ),
  ),
];

export const readComposeFile = (): Doc =>
  parse(readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8'), { merge: true }) as Doc;

/** The Kustomize folders: every folder of deploy/kubernetes with a kustomization.yaml. */
export const kustomizations = (): string[] =>
  readdirSync(kubernetesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(kubernetesDir, d.name, 'kustomization.yaml')))
    .map((d) => path.join(kubernetesDir, d.name));

export const readYamlFile = (file: string): Doc => parse(readFileSync(file, 'utf8')) as Doc;

/** The manifests as written: every YAML file of a Kustomize folder but its kustomization.yaml. */
export function manifestFiles(): Array<{ file: string; doc: Doc }> {
  return kustomizations().flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /\.ya?ml$/.test(name) && name !== 'kustomization.yaml')
      .flatMap((name) =>
        parseAllDocuments(readFileSync(path.join(dir, name), 'utf8')).map((d) => ({
          file: path.relative(repoRoot, path.join(dir, name)),
          doc: d.toJS() as Doc,
        })),
      ),
  );
}

/** kubectl's built-in Kustomize, when kubectl is installed (it is not on every machine). */
export const kubectlAvailable = (): boolean =>
  spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

export function renderKustomization(dir: string): Doc[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr}`);
  return parseAllDocuments(result.stdout).map((d) => d.toJS() as Doc);
}

/** One stage of a Containerfile: its FROM line and its instructions (continuation lines joined). */
export interface ContainerStage {
  from: string;
  name?: string;
  instructions: Array<{ keyword: string; args: string }>;
}

/** A Containerfile's stages, as the Dockerfile language server's parser (dockerfile-ast) reads it. */
export function readContainerfile(file: string): ContainerStage[] {
  const stages: ContainerStage[] = [];
  for (const instruction of DockerfileParser.parse(readFileSync(file, 'utf8')).getInstructions()) {
    const keyword = instruction.getKeyword().toUpperCase();
    const args = (instruction.getArgumentsContent() ?? '')
      .replace(/\\\r?\n/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (instruction instanceof From) {
      const name = instruction.getBuildStage();
      stages.push({ from: instruction.getImage() ?? '', ...(name ? { name } : {}), instructions: [] });
    } else if (stages.length > 0) stages[stages.length - 1]!.instructions.push({ keyword, args });
  }
  return stages;
}

/** What the Dockerfile language server's validator (dockerfile-utils) finds wrong in a Containerfile. */
export const containerfileProblems = (text: string): string[] =>
  validateDockerfile(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);

/** A JSON-array (exec form) argument of a Containerfile instruction, e.g. CMD ["api"]. */
export const execForm = (args: string): string[] => {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
};

/** A setting of docs/configuration.md: its name and whether the reference marks it secret. */
export interface DocumentedSetting {
  name: string;
  secret: boolean;
}

/**
 * The settings docs/configuration.md documents: the backticked upper-case names in the first cell of
 * its tables' rows, and the row's "secret" column (yes / secret / ✓ count as secret).
 */
export function documentedSettings(): Map<string, DocumentedSetting> {
  const text = readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');
  const settings = new Map<string, DocumentedSetting>();
  let secretColumn = -1;
  for (const line of text.split('\n')) {
    if (!line.trimStart().startsWith('|')) {
      secretColumn = -1;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    // A header row names its columns: no backticked setting in its first cell.
    const headerSecret = (cells[0] ?? '').includes('`') ? -1 : cells.findIndex((c) => /^secret\??$/i.test(c));
    if (headerSecret >= 0) {
      secretColumn = headerSecret;
      continue;
    }
    const names = [...(cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);
    const secretCell = secretColumn >= 0 ? (cells[secretColumn] ?? '') : '';
    const secret = /^(yes|secret|✓|x)\b/i.test(secretCell.replace(/\*/g, ''));
    for (const name of names) settings.set(name, { name, secret: secret || settings.get(name)?.secret === true });
  }
  return settings;
}
