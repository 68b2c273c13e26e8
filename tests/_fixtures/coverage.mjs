// Line and branch coverage of src/, per folder, from the V8 coverage files written by the
// test processes (NODE_V8_COVERAGE). Used by tests/run.mjs.
import { Report } from 'c8';
import { relative } from 'node:path';

/** Goal per folder (issue 13): every src folder at or above these percentages. */
export const goal = { lines: 95, branches: 90 };

/** Prints a table of lines and branches per src folder; returns the rows. */
//   tempDirectory  the NODE_V8_COVERAGE folder
//   builtSrc       the folder of the per-file build of src/ the tests imported (inline
//                  source maps lead back to src/); a file no test loaded counts as uncovered
export async function printCoverage(tempDirectory, builtSrc, root) {
  const report = Report({
    tempDirectory,
    reporter: [],
    include: [`${relative(root, builtSrc)}/**`],
    exclude: [],
    all: true,
    src: [builtSrc],
    resolve: root,
  });
  const map = await report.getCoverageMapFromAllCoverageFiles();
  const folders = new Map();
  for (const file of map.files()) {
    const rel = relative(root, file);
    if (!rel.startsWith('src/')) continue;
    const parts = rel.split('/');
    const folder = parts.length > 2 ? parts[1] : '(entry)';
    const coverage = map.fileCoverageFor(file);
    const summary = coverage.toSummary();
    if (process.env.COVERAGE === 'files') {
      const missed = coverage.getUncoveredLines().join(',');
      const b = Object.entries(coverage.b).flatMap(([id, counts]) =>
        counts.some((c) => c === 0) ? [coverage.branchMap[id].loc.start.line] : [],
      );
      console.log(
        `${rel}: lines ${summary.lines.pct}% missed ${missed}; branches ${summary.branches.pct}% missed at ${b.join(',')}`,
      );
    }
    const sum = folders.get(folder) ?? { lines: [0, 0], branches: [0, 0] };
    sum.lines[0] += summary.lines.covered;
    sum.lines[1] += summary.lines.total;
    sum.branches[0] += summary.branches.covered;
    sum.branches[1] += summary.branches.total;
    folders.set(folder, sum);
  }
  const pct = ([covered, total]) => (total === 0 ? 100 : (100 * covered) / total);
  const rows = [...folders].sort(([a], [b]) => a.localeCompare(b));
  console.log('\ncoverage of src/   lines      branches');
  for (const [folder, { lines, branches }] of rows) {
    const short = pct(lines) < goal.lines || pct(branches) < goal.branches ? '  (below goal)' : '';
    console.log(
      `  ${folder.padEnd(15)} ${pct(lines).toFixed(1).padStart(5)}%    ${pct(branches).toFixed(1).padStart(5)}%${short}`,
    );
  }
  console.log(`  goal: ${goal.lines}% lines, ${goal.branches}% branches in every folder`);
  return rows;
}
