// `npm run syllabus:import -- <file.json|file.yaml> [more files]`: imports the syllabus of one or
// more courses into the exams schema of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/aeromaint).
// Each file is checked first (every problem is printed with where it is, and nothing is written);
// then each course and its whole syllabus are written in one transaction. Importing the same file
// again changes nothing; chapters are matched by their slug, so learners keep their progress.
// The file format: docs/syllabus-import.md.
import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from '../build/build.mjs';
import { checkServers, colour, dist, ensureDatabase, loadInfraConfig, loadServiceDefinitions, migrateServices } from './workspace.mjs';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (!files.length || files.some((f) => f === '-h' || f === '--help')) {
  console.log('usage: npm run syllabus:import -- <file.json|file.yaml> [more files]\n(the file format: docs/syllabus-import.md)');
  process.exit(files.length ? 0 : 2);
}

await build(['exams'], { quiet: true });
const { parseSyllabusFile, importSyllabus, SyllabusImportError } = await import(pathToFileURL(join(dist, 'apps/exams/src/syllabus/syllabus-import.js')).href);

// Check every file before writing anything.
const parsed = [];
let broken = false;
for (const file of files) {
  let content;
  try {
    content = await readFile(resolve(file), 'utf8');
  } catch (error) {
    console.error(colour.boldRed(`✖ ${file}: cannot be read (${error.code ?? error.message})`));
    broken = true;
    continue;
  }
  try {
    parsed.push({ file, courses: parseSyllabusFile(basename(file), content) });
  } catch (error) {
    if (!(error instanceof SyllabusImportError)) throw error;
    console.error(colour.boldRed(`✖ ${file}: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}, nothing imported`));
    for (const problem of error.problems) console.error(`    ${colour.bold(problem.path)}: ${problem.message}`);
    broken = true;
  }
}
if (broken) process.exit(1);

const config = await loadInfraConfig();
if (!(await checkServers(config, ['postgres']))) process.exit(1);
await ensureDatabase(config.DATABASE_URL);
const [exams] = await loadServiceDefinitions(['exams']);
await migrateServices([exams], config.DATABASE_URL);

const { createServiceDataSource } = await import(pathToFileURL(join(dist, 'libs/backend/persistence/src/index.js')).href);
const dataSource = createServiceDataSource({ url: config.DATABASE_URL, schema: exams.schema, entities: [], migrations: [], poolSize: 1 });
await dataSource.initialize();
try {
  for (const { file, courses } of parsed) {
    for (const course of courses) {
      const report = await dataSource.transaction((manager) => importSyllabus(manager, course));
      console.log(
        `  ${colour.green('✔')} ${file}: course ${report.courseId} "${report.courseName}": ${report.chapters} chapters ` +
          `(${report.created} new, ${report.updated} kept or changed, ${report.removed} removed), ${report.quizQuestions} quiz questions`,
      );
    }
  }
} finally {
  await dataSource.destroy();
}
