// The build tests' one way to run a webpack compiler: the compilation and its output folder, or the
// build's errors (the folder removed).
const { rmSync } = require('node:fs');

/** Runs `compiler`, which writes into `output`; gives `{ compilation, output }`. */
function runWebpack(compiler, output) {
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats.hasErrors()) {
        rmSync(output, { recursive: true, force: true });
        reject(error ?? new Error(stats.toString('errors-only')));
      } else resolve({ compilation: stats.compilation, output });
    }),
  );
}

module.exports = { runWebpack };
