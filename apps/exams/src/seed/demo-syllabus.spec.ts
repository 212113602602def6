import { chapterSeconds } from '@aero/contracts';
import { syllabusFileSchema } from '../syllabus/syllabus-file.schema.js';
import { flattenSyllabus, leafChapters } from '../syllabus/syllabus-tree.js';
import { DEMO_SYLLABI } from './demo-syllabus.data.js';

describe('the demo syllabi', () => {
  it('every course of the demo catalogue has a valid syllabus', () => {
    expect(DEMO_SYLLABI.map((file) => file.course.id).sort((a, b) => a - b)).toEqual([
      1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1017, 2001, 2002, 2101, 2201, 2301, 3701, 3702, 3703, 3704, 3705, 3706,
    ]);
    for (const file of DEMO_SYLLABI) {
      expect(syllabusFileSchema.safeParse(file).error?.issues ?? []).toEqual([]);
      expect(flattenSyllabus(file.chapters).problems).toEqual([]);
    }
  });

  it('Module 7 is the full course: three levels, videos, texts, a quiz per module', () => {
    const module7 = DEMO_SYLLABI.find((file) => file.course.id === 1007)!;
    const { rows } = flattenSyllabus(module7.chapters);
    expect(Math.max(...rows.map((r) => r.level))).toBe(3);
    const modules = rows.filter((r) => r.level === 1);
    expect(modules).toHaveLength(3);
    for (const module of modules) expect(rows.some((r) => r.parentSlug === module.slug && r.kind === 'quiz')).toBe(true);
    expect(new Set(leafChapters(rows).map((r) => r.kind))).toEqual(new Set(['video', 'text', 'quiz']));
    expect(rows.filter((r) => r.kind === 'video').every((r) => r.videoUrl?.startsWith('https://player.vimeo.com/video/'))).toBe(true);
  });

  it('Module 7: every chapter has a subtitle, every chapter to study a duration; texts have their text; the flags vary', () => {
    const { rows } = flattenSyllabus(DEMO_SYLLABI.find((file) => file.course.id === 1007)!.chapters);
    expect(rows.filter((r) => !r.subtitle).map((r) => r.slug)).toEqual([]);
    expect(leafChapters(rows).filter((r) => !chapterSeconds(r)).map((r) => r.slug)).toEqual([]);
    expect(rows.filter((r) => r.kind === 'text' && !r.text?.trim()).map((r) => r.slug)).toEqual([]);
    const videos = rows.filter((r) => r.kind === 'video');
    // Skippable and not; rewatchable and not (a locked icon after the course for the latter).
    expect(new Set(videos.map((r) => r.isSkippable))).toEqual(new Set([true, false]));
    expect(new Set(rows.map((r) => r.canBeRewatched))).toEqual(new Set([true, false]));
  });
});
