import { formatLighthouseTable, runLighthouse } from './lighthouse';
const base = process.argv[2] ?? 'http://localhost:14000';
const paths = (process.argv[3] ?? '/events/31,/community/1').split(',');
const runs = Number(process.argv[4] ?? 1);
const pages = await runLighthouse(
  paths.map((p) => base + p),
  { runs },
);
console.log(formatLighthouseTable(pages).join('\n'));
process.exit(0);
