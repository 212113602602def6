import { ExamsRpc } from '@aero/contracts';
import { testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { importSyllabus, parseSyllabusFile, SyllabusImportError } from '../src/syllabus/syllabus-import.js';
import { ExamsKit } from './support/exams-test-kit.js';

const YAML = `
course:
  id: 990001
  name: Borescope inspection
  image: /images/products/specialised-16by9.svg
chapters:
  - slug: basics
    name: Basics
    children:
      - slug: optics
        name: Optics of a borescope
        video_url: https://player.vimeo.com/video/76979871
        minutes: 6
        seconds: 30
      - slug: handling
        name: Handling the probe
        text: Never force the probe.
        is_skippable: true
  - slug: check
    name: Check
    quiz:
      - { question: "Force the probe?", A: "Yes", B: "No", C: "Sometimes", correct: B, explanation: "Never." }
`;

describe('importing a syllabus (npm run syllabus:import)', () => {
  const kit = testKit(() => ExamsKit.start(), 120_000);

  const importText = (name: string, text: string) => kit.db.transaction(async (manager) => Promise.all(parseSyllabusFile(name, text).map((file) => importSyllabus(manager, file))));
  const chapterIds = async () =>
    Object.fromEntries((await kit.db.query<{ slug: string; id: string }[]>('SELECT slug, id FROM exams.chapters WHERE course_id = 990001')).map((r) => [r.slug, r.id]));

  it('imports a YAML file; importing it again changes nothing; a changed file keeps the progress of the chapters it keeps', async () => {
    const [report] = await importText('borescope.yaml', YAML);
    expect(report).toEqual({ courseId: 990001, courseName: 'Borescope inspection', chapters: 4, created: 4, updated: 0, removed: 0, quizQuestions: 1 });
    const ids = await chapterIds();
    expect((await importText('borescope.yaml', YAML))[0]).toMatchObject({ created: 0, updated: 4, removed: 0 });
    expect(await chapterIds()).toEqual(ids);

    const learner = await kit.learner();
    const data = kit.enrolment(learner, { courseId: 990001, courseName: 'Borescope inspection' });
    await kit.enrol(data);
    await kit.as(learner, (rpc) => rpc.call(ExamsRpc.CompleteChapter, { courseId: 990001, slug: 'optics', reason: 'video_ended' }));

    // As JSON: "handling" goes, "cleaning" comes, "optics" is renamed.
    const changed = {
      course: { id: 990001, name: 'Borescope inspection (2nd edition)' },
      chapters: [
        {
          slug: 'basics',
          name: 'Basics',
          children: [
            { slug: 'optics', name: 'Borescope optics', video_url: 'https://player.vimeo.com/video/76979871' },
            { slug: 'cleaning', name: 'Cleaning the lens', text: 'Use lens tissue.' },
          ],
        },
        { slug: 'check', name: 'Check', quiz: [{ question: 'Force the probe?', A: 'Yes', B: 'No', C: 'Sometimes', correct: 'B' }] },
      ],
    };
    expect((await importText('borescope.json', JSON.stringify(changed)))[0]).toMatchObject({ created: 1, updated: 3, removed: 1 });
    const page = await kit.as(learner, (rpc) => rpc.call(ExamsRpc.CoursePage, { courseId: 990001 }));
    expect(page.data.course.name).toBe('Borescope inspection (2nd edition)');
    expect(page.data.syllabus[0].children.map((n) => [n.slug, n.name, n.is_completed, n.is_active])).toEqual([
      ['optics', 'Borescope optics', true, false],
      ['cleaning', 'Cleaning the lens', false, true],
    ]);
    expect((await chapterIds()).optics).toBe(ids.optics);
    expect(page.data.enrolment).toMatchObject({ overall: 33 });
  });

  it('a broken file is refused with every problem and where it is; nothing is written', async () => {
    const broken = (text: string, name = 'broken.yaml') => {
      try {
        parseSyllabusFile(name, text);
      } catch (error) {
        expect(error).toBeInstanceOf(SyllabusImportError);
        return (error as SyllabusImportError).problems;
      }
      throw new Error('accepted');
    };
    expect(broken('course: [unclosed')[0]).toMatchObject({ path: '(file)', message: expect.stringContaining('not readable as YAML') });
    expect(broken('{"course": {"id": 1}}', 'x.json')).toEqual([
      { path: 'course.name', message: 'must be text' },
      { path: 'chapters', message: 'must be a list of chapters' },
    ]);
    expect(
      broken(`course: { id: 990002, name: X }
chapters:
  - { slug: a, name: A, kind: video }
  - { slug: a, name: B, text: x, video_url: "http://insecure.example/v" }
`),
    ).toEqual([{ path: 'chapters[1].video_url', message: 'must be an https:// address' }]);
    expect(
      broken(`course: { id: 990002, name: X }
chapters:
  - { slug: a, name: A, kind: video }
  - { slug: a, name: B, text: x }
`),
    ).toEqual([
      { path: 'chapters[0]', message: 'a video chapter needs its video_url' },
      { path: 'chapters[1]', message: 'the slug "a" is already used by chapters[0]' },
    ]);
    expect(await kit.db.query('SELECT 1 FROM exams.courses WHERE id = 990002')).toEqual([]);
  });
});
