import type { SyllabusFile } from '../syllabus/syllabus-file.schema.js';
import type { ChapterFile } from '../syllabus/syllabus-file.schema.js';

/*
 * The syllabus of every course of the demo catalogue (catalog-cart's seed; course id = program
 * id): Part-66 Module 7 in full (three levels, texts, videos from an external player, a practice
 * quiz per module), every other course a short syllabus. An operator changes them with
 * `npm run syllabus:import` (docs/syllabus-import.md).
 */

/** A public demo video on an external player, shown in a sandboxed iframe. */
export const DEMO_VIDEO_URL = 'https://player.vimeo.com/video/76979871';

const image = (family: string) => `/images/products/${family}-16by9.svg`;

const video = (slug: string, name: string, subtitle: string, minutes: number, seconds: number, options: Partial<ChapterFile> = {}): ChapterFile => ({
  slug,
  name,
  subtitle,
  kind: 'video',
  video_url: DEMO_VIDEO_URL,
  minutes,
  seconds,
  ...options,
});

const reading = (slug: string, name: string, subtitle: string, minutes: number, text: string, options: Partial<ChapterFile> = {}): ChapterFile => ({
  slug,
  name,
  subtitle,
  kind: 'text',
  text,
  minutes,
  ...options,
});

const MODULE_7: SyllabusFile = {
  course: {
    id: 1007,
    name: 'Part-66 Module 7: Maintenance Practices',
    subtitle: 'EASA Part-66 basic knowledge for the B1 and B2 licence',
    description: 'Safety precautions, workshop practices, tools, engineering drawings and the inspection and maintenance procedures every licensed engineer applies on the hangar floor.',
    image: image('part-66'),
    demo_video_url: DEMO_VIDEO_URL,
  },
  chapters: [
    {
      slug: 'm7-1-safety-precautions',
      number: '7.1',
      name: 'Safety precautions: aircraft and workshop',
      subtitle: 'Working safely around aircraft, electricity, gases, oils and chemicals',
      children: [
        {
          slug: 'm7-1-1-hazards',
          number: '7.1.1',
          name: 'Hazards on the hangar floor',
          subtitle: 'Recognising and controlling the everyday dangers',
          children: [
            video('m7-1-1-1-introduction', 'Introduction to hangar safety', 'Why safety comes first in maintenance', 4, 12, { is_skippable: true }),
            reading(
              'm7-1-1-2-electricity',
              'Working with electricity',
              'Aircraft power, ground power units and static electricity',
              8,
              '## Electrical hazards\n\nAircraft electrical systems carry 28 V DC and 115 V AC at 400 Hz; ground power units deliver the same. A shock from 115 V AC can stop a heart.\n\n- Pull and collar the circuit breakers of the system you work on, and tag them.\n- Never wear rings, watches or bracelets when working on live systems.\n- Bond the aircraft before refuelling or handling fuel: static discharges ignite vapours.\n\n**Remember:** a system is live until you have proven it dead with a meter.',
            ),
            reading(
              'm7-1-1-3-gases-oils-chemicals',
              'Gases, oils and chemicals',
              'Oxygen, nitrogen, hydraulic fluids, solvents',
              10,
              '## Compressed gases\n\nOxygen supports combustion violently: keep oil and grease away from oxygen fittings and use only approved lubricants.\n\n## Fluids\n\nPhosphate-ester hydraulic fluids (Skydrol) irritate skin and eyes: wear gloves and goggles, and wash at once after contact.\n\n- Read the safety data sheet before using a chemical.\n- Store flammables in approved cabinets.',
            ),
          ],
        },
        {
          slug: 'm7-1-2-emergencies',
          number: '7.1.2',
          name: 'Fire and emergencies',
          subtitle: 'Fire classes, extinguishers and first response',
          children: [
            video('m7-1-2-1-fire-extinguishers', 'Fire extinguishers', 'Classes of fire and the extinguisher for each', 6, 30),
            reading(
              'm7-1-2-2-first-response',
              'First response',
              'Raising the alarm and evacuating the hangar',
              5,
              'When a fire starts: raise the alarm, call the fire service, and fight the fire only if it is small and your escape route stays clear.\n\n1. Alarm\n2. Evacuate\n3. Extinguish (if safe)',
            ),
          ],
        },
        {
          slug: 'm7-1-quiz',
          number: '7.1.3',
          name: 'Practice quiz: safety precautions',
          subtitle: 'Three questions, answer them all right to complete the chapter',
          kind: 'quiz',
          minutes: 5,
          quiz: [
            {
              question: 'Which voltage does an aircraft AC system usually deliver?',
              A: '28 V DC',
              B: '115 V AC at 400 Hz',
              C: '230 V AC at 50 Hz',
              correct: 'B',
              explanation: 'Aircraft AC systems run at 115 V, 400 Hz; 28 V is the DC bus.',
            },
            {
              question: 'What must be kept away from oxygen fittings?',
              A: 'Oil and grease',
              B: 'Nitrogen',
              C: 'Water',
              correct: 'A',
              explanation: 'Oil and grease can ignite spontaneously in pure oxygen.',
            },
            {
              question: 'Before refuelling an aircraft you must first…',
              A: 'switch on the beacon',
              B: 'open the fuel caps',
              C: 'bond the aircraft',
              correct: 'C',
              explanation: 'Bonding equalises static charges so that no spark can ignite the fuel vapours.',
            },
          ],
        },
      ],
    },
    {
      slug: 'm7-2-workshop-practices',
      number: '7.2',
      name: 'Workshop practices',
      subtitle: 'Care of tools, dimensions, tolerances and standards of workmanship',
      children: [
        {
          slug: 'm7-2-1-tools-control',
          number: '7.2.1',
          name: 'Control of tools',
          subtitle: 'Tool boards, shadow boards and tool checks',
          children: [
            video('m7-2-1-1-tool-control', 'Tool control', 'Every tool back on the board before the aircraft leaves', 5, 45),
            reading(
              'm7-2-1-2-calibration',
              'Calibration of tools and equipment',
              'Torque wrenches, gauges and their calibration labels',
              7,
              'A torque wrench, a pressure gauge or a multimeter may only be used within its calibration date. Check the label before use; quarantine any tool that is out of date or was dropped.',
            ),
          ],
        },
        {
          slug: 'm7-2-2-standards',
          number: '7.2.2',
          name: 'Standards of workmanship',
          subtitle: 'Dimensions, allowances and tolerances',
          children: [
            reading(
              'm7-2-2-1-tolerances',
              'Dimensions and tolerances',
              'Limits, fits and how to read them',
              9,
              'A dimension of 25.00 +0.02/-0.01 mm allows any size from 24.99 to 25.02 mm. Anything outside is rejected, however small the difference.',
            ),
            video('m7-2-2-2-measuring', 'Measuring with a micrometer', 'Reading the thimble and the sleeve', 7, 5, { can_be_rewatched: false }),
          ],
        },
        {
          slug: 'm7-2-quiz',
          number: '7.2.3',
          name: 'Practice quiz: workshop practices',
          subtitle: 'Three questions',
          kind: 'quiz',
          minutes: 5,
          quiz: [
            {
              question: 'A torque wrench past its calibration date must be…',
              A: 'used with care',
              B: 'quarantined until calibrated',
              C: 'used only for small torques',
              correct: 'B',
              explanation: 'An uncalibrated tool gives unknown results: it is taken out of service.',
            },
            {
              question: 'Is a part measuring 25.03 mm acceptable for 25.00 +0.02/-0.01 mm?',
              A: 'Yes',
              B: 'Only with an engineer’s approval',
              C: 'No',
              correct: 'C',
              explanation: 'The upper limit is 25.02 mm.',
            },
            {
              question: 'Why are shadow boards used?',
              A: 'To see at a glance that every tool is back',
              B: 'To store tools in the dark',
              C: 'To calibrate tools',
              correct: 'A',
              explanation: 'A missing shape shows a tool that may have been left in the aircraft.',
            },
          ],
        },
      ],
    },
    {
      slug: 'm7-3-engineering-drawings',
      number: '7.3',
      name: 'Engineering drawings, diagrams and standards',
      subtitle: 'Reading drawings, wiring diagrams and schematics',
      children: [
        {
          slug: 'm7-3-1-drawings',
          number: '7.3.1',
          name: 'Drawing types and projections',
          subtitle: 'Orthographic and isometric views',
          children: [
            video('m7-3-1-1-projections', 'Projections', 'First and third angle projection', 8, 20),
            reading(
              'm7-3-1-2-title-block',
              'The title block',
              'Drawing number, revision, scale and material',
              6,
              'The title block names the drawing number, its revision, the scale, the material and the approvals. Always check that you hold the latest revision before you work from a drawing.',
              { is_skippable: true },
            ),
          ],
        },
        {
          slug: 'm7-3-quiz',
          number: '7.3.2',
          name: 'Practice quiz: engineering drawings',
          subtitle: 'Two questions',
          kind: 'quiz',
          minutes: 3,
          quiz: [
            {
              question: 'Where do you find the revision of a drawing?',
              A: 'In the title block',
              B: 'In the parts list only',
              C: 'It is never written on the drawing',
              correct: 'A',
              explanation: 'The title block carries number, revision, scale and approvals.',
            },
            {
              question: 'An isometric view shows the object…',
              A: 'from one side only',
              B: 'in three dimensions',
              C: 'in section',
              correct: 'B',
              explanation: 'Isometric drawings show three faces at once.',
            },
          ],
        },
      ],
    },
  ],
};

interface CatalogueCourse {
  id: number;
  name: string;
  image: string;
  topic: string;
}

/** The other courses of the demo catalogue (catalog-cart's DEMO_PRODUCTS with a program id). */
const OTHER_COURSES: CatalogueCourse[] = [
  ...(
    [
      [1, 'Mathematics', 'arithmetic, algebra and geometry'],
      [2, 'Physics', 'matter, mechanics, thermodynamics and optics'],
      [3, 'Electrical Fundamentals', 'electron theory and DC and AC circuits'],
      [4, 'Electronic Fundamentals', 'semiconductors, printed circuit boards and servomechanisms'],
      [5, 'Digital Techniques / Electronic Instrument Systems', 'data buses, logic circuits and EFIS'],
      [6, 'Materials and Hardware', 'aircraft materials, corrosion and fasteners'],
      [8, 'Basic Aerodynamics', 'the atmosphere, aerodynamics and flight stability'],
      [9, 'Human Factors', 'human performance and the "Dirty Dozen"'],
      [10, 'Aviation Legislation', 'ICAO, EASA Part-21, Part-M, Part-145, Part-66 and Part-147'],
    ] as const
  ).map(([module, title, topic]) => ({ id: 1000 + module, name: `Part-66 Module ${module}: ${title}`, image: 'part-66', topic })),
  { id: 1017, name: 'Part-66 Module 17: Propeller (pre-order)', image: 'part-66', topic: 'propeller fundamentals, construction and maintenance' },
  { id: 2001, name: 'Part-145 Initial Training', image: 'part-145', topic: 'maintenance organisation approval and the MOE' },
  { id: 2002, name: 'Part-145 Continuation Training', image: 'part-145', topic: 'regulation changes, human factors and company procedures' },
  { id: 2101, name: 'Part-M Continuing Airworthiness', image: 'part-m', topic: 'CAMO responsibilities and the airworthiness review' },
  { id: 2201, name: 'Part-147 Maintenance Training Organisation', image: 'part-147', topic: 'MTOE, instructors and examinations' },
  { id: 2301, name: 'EWIS: Electrical Wiring Interconnection System', image: 'specialised', topic: 'EWIS awareness (AMC 20-22)' },
  ...(
    [
      [701, 'CFM56'],
      [702, 'CFM LEAP-1A'],
      [703, 'IAE V2500'],
      [704, 'A320 family CFM56 + LEAP-1A'],
      [705, 'A320 family CFM56 + V2500'],
      [706, 'A320 family all engines'],
    ] as const
  ).map(([product, label]) => ({ id: 3000 + product, name: `A320 engine course: ${label}`, image: 'combined', topic: `${label} engine systems and line maintenance` })),
];

/** A short syllabus: an introduction (a video and a reading), the main text, a two-question check. */
function shortSyllabus(course: CatalogueCourse): SyllabusFile {
  const prefix = `c${course.id}`;
  return {
    course: { id: course.id, name: course.name, subtitle: null, description: `An online course on ${course.topic}.`, image: image(course.image), demo_video_url: DEMO_VIDEO_URL },
    chapters: [
      {
        slug: `${prefix}-introduction`,
        name: 'Introduction',
        subtitle: 'What this course covers',
        children: [
          video(`${prefix}-welcome`, 'Welcome', `An overview of ${course.topic}`, 3, 40, { is_skippable: true }),
          reading(`${prefix}-objectives`, 'Learning objectives', 'What you will be able to do', 4, `By the end of this course you will know the essentials of ${course.topic}, and where to find the regulations and manuals that apply.`),
        ],
      },
      reading(
        `${prefix}-essentials`,
        'The essentials',
        course.topic,
        15,
        `This chapter walks through ${course.topic}.\n\n- Read each section carefully.\n- Note the references to the regulations.\n- Ask the instructor when something is unclear: the Questions and answers tab is below.`,
      ),
      {
        slug: `${prefix}-check`,
        name: 'Check your understanding',
        subtitle: 'Two practice questions',
        kind: 'quiz',
        minutes: 2,
        quiz: [
          {
            question: 'Where do you ask the instructor a question about this course?',
            A: 'In the Questions and answers tab',
            B: 'By e-mail to the shop',
            C: 'Nowhere',
            correct: 'A',
            explanation: 'The instructor answers in the Questions and answers tab, and you get the answer by e-mail.',
          },
          {
            question: 'Does a practice quiz count towards an exam grade?',
            A: 'Yes',
            B: 'No, it is ungraded and can be retaken',
            C: 'Only the first attempt',
            correct: 'B',
            explanation: 'Practice quizzes are ungraded; answer every question right once to complete the chapter.',
          },
        ],
      },
    ],
  };
}

/** Every course of the demo catalogue with its syllabus. */
export const DEMO_SYLLABI: SyllabusFile[] = [MODULE_7, ...OTHER_COURSES.map(shortSyllabus)];
