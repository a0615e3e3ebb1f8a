// `pnpm --filter @hub/serving deploy-documents --out <host build folder>`: writes /remotes.json,
// /app-config.json and /manifest.webmanifest from the HUB_* settings in the environment
// (docs/configuration.md). With NODE_ENV=production, settings fit for production only: a mistake
// stops it (exit 2) with one line per setting. Bundled to plain JavaScript for the static image
// (serving/dist/deploy-documents.mjs, `node` only: build-dist.mjs).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { productionProblems, writeDeployDocuments } from './deploy-documents';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: deploy-documents --out <host build folder>');
  process.exit(2);
}
if (process.env.NODE_ENV === 'production') {
  const problems = productionProblems(process.env);
  if (problems.length) {
    console.error(
      `Refusing to write the deploy documents for production:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    process.exit(2);
  }
}
for (const file of await writeDeployDocuments(path.resolve(values.out))) console.log(`wrote ${file}`);
