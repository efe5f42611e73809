// The release check's report: each check of the scratch project and of each package, with its time.
import { kib } from './common.mjs';

/**
 * Prints the report: the scratch project's steps, then each package's; returns the exit code (1 when
 * a check failed, unless `exitCode` already says why the run stopped).
 * @param {{ packages: any[], projectSteps: import('./common.mjs').StepResult[], scratch: string, startedAll: number, exitCode: number }} run
 */
export function report({ packages, projectSteps, scratch, startedAll, exitCode }) {
  let failures = 0;
  const print = (steps) => {
    const order = ['install', 'types (tsc)', 'files', 'publint', 'types (attw)', 'entries', 'readme'];
    for (const s of [...steps].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))) {
      console.log(`  ${s.ok ? '✓' : '✗'} ${s.name.padEnd(13)} ${String(s.ms).padStart(6)} ms  ${s.detail}`);
      for (const problem of s.problems) console.log(`      ✗ ${problem.replace(/\n/g, '\n        ')}`);
      if (!s.ok) failures++;
    }
  };
  if (projectSteps.length) {
    console.log(`\nscratch project outside the repo (${scratch}), every tarball installed:`);
    print(projectSteps);
  }
  for (const p of packages) {
    const { packed } = p;
    console.log(`\n${p.manifest.name}@${p.manifest.version}  ${packed.filename}: ${kib(packed.size)} packed, ${kib(packed.unpackedSize)} unpacked, ${packed.entryCount} files`);
    print(p.steps);
  }
  const seconds = ((Date.now() - startedAll) / 1000).toFixed(1);
  if (failures && !exitCode) exitCode = 1;
  console.log(`\nrelease-check: ${failures ? `FAILED, ${failures} check(s)` : 'all checks passed'} for ${packages.map((p) => p.manifest.name).join(', ') || 'no package'} in ${seconds} s.`);
  return exitCode;
}
