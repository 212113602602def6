/// <reference lib="dom" />
import { beforeAll, describe, expect } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { journey } from './support/journey.js';
import { addCourseToCart, openShop, payCartByCard, signIn } from './support/shop-steps.js';

const LEARNER = 'student@aeromaint.local';
const INSTRUCTOR = 'instructor@aeromaint.local';
const COURSE = { id: 1007, slug: 'part-66-module-7-maintenance-practices', name: 'Part-66 Module 7: Maintenance Practices' } as const;
const QUESTION = { topic: `Bonding before refuelling ${Date.now()}`, text: 'Is the bonding cable connected before or after the fuel nozzle?' };
const ANSWER = 'Always before: bond the aircraft first, then the nozzle, and remove them in the reverse order.';

/**
 * The external player of the chapters (player.vimeo.com), played by a stand-in: the machine has no
 * Internet. Like the real player, it answers the page's `addEventListener: ended` with an `ended`
 * message from its own origin — once the journey lets the video play to its end.
 */
function standInPlayer(ends: boolean): string {
  return `<!doctype html><html><head><title>Player</title></head><body><p>Demo video</p><script>
addEventListener('message', (event) => {
  let message; try { message = JSON.parse(event.data); } catch { return; }
  if (${ends} && message.method === 'addEventListener' && message.value === 'ended') {
    setTimeout(() => parent.postMessage(JSON.stringify({ event: 'ended', data: { seconds: 390 } }), '*'), 300);
  }
});
</script></body></html>`;
}

describe('journey: a learner buys a course, studies it from My courses (syllabus, chapters, a quiz, the progress modal), asks the instructor, who answers', () => {
  const violations: CspViolation[][] = [];
  const pageErrors: Error[][] = [];
  let learner: Page;
  /** Whether the stand-in player plays its video to the end. */
  let videosEnd = false;

  const { url, newContext, step, screenshot } = journey({ name: 'learning', stepTimeoutMs: 120_000, failurePages: () => [learner] });

  async function newPage(): Promise<Page> {
    const context = await newContext();
    violations.push(await watchCspViolations(context));
    await context.route('https://player.vimeo.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: standInPlayer(videosEnd) }));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    pageErrors.push(watchPageErrors(page));
    await openShop(page, url(''));
    return page;
  }

  /** The overall percent the course progress modal shows, opened from the course page (and closed again). */
  async function progressModalOverall(name: string): Promise<{ overall: number; completedRows: number }> {
    await learner.getByRole('button', { name: 'Course progress' }).click();
    const dialog = learner.getByRole('dialog', { name: `Course progress: ${COURSE.name}` });
    const overallText = await dialog.getByText(/^Overall: \d+%$/).textContent();
    const table = dialog.getByRole('table', { name: 'Chapters and their progress' });
    await table.waitFor();
    const completedRows = await table.locator('tbody tr').filter({ has: learner.locator('time') }).count();
    await screenshot(learner, name);
    await dialog.getByRole('button', { name: 'Close' }).click();
    return { overall: Number(/(\d+)%/.exec(overallText ?? '')?.[1]), completedRows };
  }

  /** Marks the open chapter done and waits until it shows completed. */
  async function markDone(): Promise<void> {
    await learner.getByRole('button', { name: 'Mark as done' }).click();
    await learner.getByText('Completed', { exact: true }).waitFor();
  }

  /** Follows "Next chapter" and waits for the chapter's heading. */
  async function nextChapter(name: string): Promise<void> {
    await learner.getByRole('link', { name: 'Next chapter' }).click();
    await learner.getByRole('heading', { level: 1, name }).waitFor();
  }

  function quizQuestion(text: string): Locator {
    return learner.getByRole('group', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  }

  beforeAll(async () => {
    learner = await newPage();
  });

  step('the learner buys Part-66 Module 7 by card', async () => {
    await signIn(learner, url(''), LEARNER);
    await addCourseToCart(learner, url(''), COURSE);
    await payCartByCard(learner);
  });

  step('My courses (from the menu) lists it in the watchlist, with the link to the course history; the course opens from there', async () => {
    await learner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My courses' }).click();
    await learner.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    const watchlist = learner.getByRole('region', { name: /Watchlist/ });
    const card = watchlist.getByRole('article').filter({ has: learner.getByRole('heading', { name: COURSE.name }) });
    // The learning side enrols from the purchase's event; the page asks again until it has.
    await card.getByRole('button', { name: `Progress: ${COURSE.name}` }).waitFor({ timeout: 40_000 });
    expect(await card.getByText(/^Bought · Open until /).isVisible()).toBe(true);
    expect(await learner.getByRole('link', { name: 'Course history' }).getAttribute('href')).toBe('/my-courses/history');
    await screenshot(learner, 'my-courses');
    await card.getByRole('link', { name: COURSE.name }).click();
    await learner.waitForURL(new RegExp(`/course/${COURSE.id}$`));
    await learner.getByRole('heading', { level: 1, name: COURSE.name }).waitFor();
  });

  step('the syllabus opens the way to the first chapter; a collapsed module shows the sum of its chapters and expands on click', async () => {
    const tree = learner.getByRole('list', { name: 'Syllabus' });
    const safety = tree.getByRole('button', { name: 'Chapters of Safety precautions: aircraft and workshop' });
    expect(await safety.getAttribute('aria-expanded')).toBe('true');
    const first = tree.getByRole('link', { name: 'Introduction to hangar safety' });
    await first.waitFor({ state: 'visible' });
    expect(await first.locator('xpath=ancestor::div[contains(@class,"syllabus__row")]').getByRole('img', { name: 'You are here' }).count()).toBe(1);
    const workshop = tree.getByRole('button', { name: 'Chapters of Workshop practices' });
    expect(await workshop.getAttribute('aria-expanded')).toBe('false');
    const workshopDuration = workshop.locator('xpath=..').locator('.syllabus__duration');
    // Collapsed: 7.2.1 (5 min 45 s + 7 min) + 7.2.2 (9 min + 7 min 5 s) + the quiz (5 min).
    expect(await workshopDuration.getAttribute('aria-label')).toBe('Duration 33 min 50 s');
    const control = tree.getByRole('link', { name: 'Control of tools' });
    expect(await control.isVisible()).toBe(false);
    await workshop.click();
    expect(await workshop.getAttribute('aria-expanded')).toBe('true');
    await control.waitFor({ state: 'visible' });
    expect(await control.locator('xpath=ancestor::div[contains(@class,"syllabus__row")]').getByRole('img', { name: 'Locked' }).count()).toBe(1);
    // The module open shows its own duration: none.
    expect(await workshopDuration.textContent()).toBe('-');
    await screenshot(learner, 'syllabus');
  });

  step('the progress modal starts at 0%', async () => {
    const progress = await progressModalOverall('progress-start');
    expect(progress).toEqual({ overall: 0, completedRows: 0 });
  });

  step('chapters: a skippable video and two texts are marked done, one after the other', async () => {
    await learner.getByRole('link', { name: 'Start the course' }).click();
    await learner.getByRole('heading', { level: 1, name: 'Introduction to hangar safety' }).waitFor();
    await learner.getByTitle('Introduction to hangar safety').waitFor();
    await markDone();
    await nextChapter('Working with electricity');
    await learner.getByRole('heading', { level: 2, name: 'Electrical hazards' }).waitFor();
    await screenshot(learner, 'chapter-text');
    await markDone();
    await nextChapter('Gases, oils and chemicals');
    await markDone();
  });

  step('a video that cannot be skipped completes when the player says it ended ("Video ended")', async () => {
    videosEnd = true;
    await nextChapter('Fire extinguishers');
    expect(await learner.getByRole('button', { name: 'Mark as done' }).count()).toBe(0);
    await learner.getByText('This chapter is completed when the video has played to its end.').waitFor();
    const frame = learner.getByTitle('Fire extinguishers');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    await learner.getByText('Video ended', { exact: true }).waitFor();
    await learner.getByText('Completed', { exact: true }).waitFor();
    videosEnd = false;
    await nextChapter('First response');
    await markDone();
  });

  step('the quiz marks each answer right or wrong at once with its explanation; answering every question, even wrongly, completes it; a retake keeps it completed', async () => {
    await nextChapter('Practice quiz: safety precautions');
    const voltage = quizQuestion('Which voltage does an aircraft AC system usually deliver?');
    await voltage.getByRole('radio', { name: /28 V DC/ }).check();
    await voltage.getByText('Wrong.').waitFor();
    await voltage.getByText('Aircraft AC systems run at 115 V, 400 Hz; 28 V is the DC bus.').waitFor();
    await learner.getByText('1 of 3 questions answered', { exact: true }).waitFor();
    await screenshot(learner, 'quiz-wrong');
    const oxygen = quizQuestion('What must be kept away from oxygen fittings?');
    await oxygen.getByRole('radio', { name: /Oil and grease/ }).check();
    await oxygen.getByText('Right!').waitFor();
    await learner.getByText('2 of 3 questions answered', { exact: true }).waitFor();
    expect(await learner.getByText('Quiz completed: this chapter is done.').count()).toBe(0);
    // The last question answered wrong completes the quiz all the same (it is ungraded).
    const refuelling = quizQuestion('Before refuelling an aircraft you must first');
    await refuelling.getByRole('radio', { name: /open the fuel caps/ }).check();
    await refuelling.getByText('Wrong.').waitFor();
    await refuelling.getByText('The right answer is C.').waitFor();
    await refuelling.getByText('Bonding equalises static charges so that no spark can ignite the fuel vapours.').waitFor();
    await learner.getByText('3 of 3 questions answered', { exact: true }).waitFor();
    await learner.getByText('Quiz completed: this chapter is done.').waitFor();
    await learner.getByText('Completed', { exact: true }).waitFor();
    await screenshot(learner, 'quiz-completed');
    // Retaken at will: the answers start afresh, the chapter stays completed.
    await learner.getByRole('button', { name: 'Retake the quiz' }).click();
    await voltage.getByRole('radio', { name: /115 V AC at 400 Hz/ }).check();
    await voltage.getByText('Right!').waitFor();
    await learner.getByText('Quiz completed: this chapter is done.').waitFor();
    await learner.getByText('Completed', { exact: true }).waitFor();
  });

  step('back on the course page the progress modal has moved: six chapters completed', async () => {
    await learner.getByRole('link', { name: COURSE.name }).first().click();
    await learner.getByRole('heading', { level: 1, name: COURSE.name }).waitFor();
    const progress = await progressModalOverall('progress-after');
    expect(progress.completedRows).toBe(6);
    expect(progress.overall).toBeGreaterThan(0);
    await learner.getByRole('link', { name: /^Continue: / }).waitFor();
  });

  step("the learner asks a question in the Questions and answers tab: 'Success! Your question was sent to instructor.'", async () => {
    await learner.getByRole('tab', { name: 'Questions and answers' }).click();
    await learner.getByText('The instructor answers within 3 business days.').first().waitFor();
    await learner.getByRole('textbox', { name: /^Topic/ }).fill(QUESTION.topic);
    await learner.getByRole('textbox', { name: /^Question/ }).fill(QUESTION.text);
    await learner.getByRole('button', { name: 'Send question' }).click();
    const dialog = learner.getByRole('dialog', { name: 'Success! Your question was sent to instructor.' });
    await dialog.waitFor();
    await screenshot(learner, 'question-sent');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const asked = learner.getByRole('region', { name: 'Your questions' }).getByRole('article', { name: QUESTION.topic });
    await asked.getByText("Waiting for the instructor's answer.").waitFor();
  });

  step('the instructor finds it under Questions and answers it', async () => {
    const instructor = await newPage();
    await signIn(instructor, url(''), INSTRUCTOR);
    await instructor.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Questions' }).click();
    await instructor.getByRole('heading', { level: 1, name: 'Questions from learners' }).waitFor();
    const item = instructor.getByRole('article', { name: QUESTION.topic });
    await item.getByText(QUESTION.text).waitFor();
    await item.getByText(`Course: ${COURSE.name}`, { exact: false }).waitFor();
    await item.getByRole('textbox', { name: /^Your answer/ }).fill(ANSWER);
    await item.getByRole('button', { name: 'Send answer' }).click();
    await instructor.getByText('The answer was sent to the learner.').waitFor();
    await instructor.getByRole('tab', { name: 'Answered' }).click();
    await instructor.getByRole('article', { name: QUESTION.topic }).getByText(ANSWER).waitFor();
    await screenshot(instructor, 'instructor-answered');
  });

  step("the learner reads the instructor's answer in the tab", async () => {
    await learner.goto(url(`/course/${COURSE.id}?tab=questions`));
    const asked = learner.getByRole('region', { name: 'Your questions' }).getByRole('article', { name: QUESTION.topic });
    await asked.getByText(ANSWER).waitFor();
    await asked.getByRole('heading', { name: "Instructor's answer" }).waitFor();
    await screenshot(learner, 'answer-read');
  });

  step('no page broke and the browser refused nothing the pages asked for (Content-Security-Policy)', () => {
    expect(pageErrors.flat().map((error) => error.message)).toEqual([]);
    expect(violations.flat()).toEqual([]);
    return Promise.resolve();
  });
});
