import { EXAM_DEFAULTS, type QuizChoice } from '@aero/contracts';
import { DEMO_SYLLABI } from './demo-syllabus.data.js';

/** A question of an exam bank: three choices, one correct. */
export interface ExamQuestionFile {
  question: string;
  A: string;
  B: string;
  C: string;
  correct: QuizChoice;
}

/** An exam definition as the seed (and an operator) writes it. */
export interface ExamFile {
  courseId: number;
  title: string;
  drawSize: number;
  durationSeconds: number;
  passRate: number;
  maxAttempts: number;
  graceHours: number;
  resultsVisible: boolean;
  questions: ExamQuestionFile[];
}

const q = (question: string, A: string, B: string, C: string, correct: QuizChoice): ExamQuestionFile => ({ question, A, B, C, correct });

const LETTERS: readonly QuizChoice[] = ['A', 'B', 'C'];
/** Where the right answer goes, question after question: each letter as often, in no pattern a guesser could follow. */
const RIGHT_PLACES: readonly QuizChoice[] = ['C', 'A', 'B', 'A', 'C', 'B', 'B', 'C', 'A'];

/**
 * The bank with its right answers spread over A, B and C (the texts are written with the right
 * one where it came to mind; answering one letter throughout must not pass): each question's
 * right choice moves to its place in RIGHT_PLACES, the other two keep their order.
 */
function spreadRightAnswers(bank: ExamQuestionFile[]): ExamQuestionFile[] {
  return bank.map((question, index) => {
    const texts = LETTERS.map((letter) => question[letter]);
    const right = texts[LETTERS.indexOf(question.correct)];
    const others = texts.filter((_, i) => LETTERS[i] !== question.correct);
    const target = RIGHT_PLACES[index % RIGHT_PLACES.length];
    const placed = LETTERS.map((letter) => (letter === target ? right : others.shift()!));
    return { question: question.question, A: placed[0], B: placed[1], C: placed[2], correct: target };
  });
}

/** Part-66 Module 7 (Maintenance Practices): 48 questions in the style of the EASA module examination. */
const MODULE_7_BANK: ExamQuestionFile[] = [
  // 7.1 Safety precautions
  q('Before working on an aircraft electrical system, the first step is to:', 'Remove the battery and external power and tag the switches', 'Switch off the cockpit lighting only', 'Pull every circuit breaker on the overhead panel', 'A'),
  q('A CO2 fire extinguisher is most suitable for a fire of class:', 'A (wood, paper, textiles)', 'B and electrical fires', 'D (burning metals)', 'B'),
  q('When refuelling an aircraft, the aircraft and the fuel truck are bonded to:', 'Reduce fuel vapour', 'Equalise the static electrical potential', 'Measure the fuel quantity', 'B'),
  q('Hydraulic fluid of phosphate-ester type (Skydrol) on the skin should be:', 'Left to evaporate', 'Washed off with soap and water at once', 'Wiped off with fuel', 'B'),
  q('Hearing protection in the hangar is required when the noise level exceeds about:', '60 dB(A)', '85 dB(A)', '120 dB(A)', 'B'),
  q('The colour of an oxygen cylinder in aviation use (EN 1089-3 / common practice) is usually:', 'Black or white shoulder with the word OXYGEN', 'Red', 'Yellow', 'A'),
  q('Oil or grease on oxygen fittings is dangerous because:', 'It blocks the flow', 'It may ignite spontaneously in pure oxygen', 'It corrodes the fittings', 'B'),
  q('A safety data sheet (SDS) of a chemical tells you:', 'Its price and supplier only', 'Its hazards, handling, protective equipment and first aid', 'The aircraft it may be used on', 'B'),
  // 7.2 Workshop practices
  q('A tool whose calibration date has passed must be:', 'Used with extra care', 'Withdrawn from use and sent for calibration', 'Used only by licensed engineers', 'B'),
  q('A tool control system (shadow boards, tool tags) mainly prevents:', 'Tool theft', 'Tools left in the aircraft (FOD)', 'Wear of the tools', 'B'),
  q('Dimensions on an aircraft drawing without a stated unit are usually in:', 'The unit given in the title block', 'Centimetres', 'Feet', 'A'),
  q('Standards of workmanship for a task are first taken from:', "The mechanic's experience", "The aircraft manufacturer's maintenance data", 'The shop supervisor', 'B'),
  // 7.3 Tools
  q('A torque wrench set to 100 lbf.in is used with an extension that lengthens the arm. The wrench must be set:', 'Higher than 100', 'Lower than 100', 'At 100: the extension changes nothing', 'B'),
  q('The smallest reading on a metric vernier calliper is commonly:', '0.02 mm', '0.2 mm', '2 mm', 'A'),
  q('A micrometer reads the thimble against the:', 'Anvil', 'Sleeve (barrel) scale', 'Ratchet', 'B'),
  q('A dial test indicator is used to measure:', 'Run-out and alignment', 'Electrical resistance', 'Torque', 'A'),
  q('When cutting a thin-walled tube with a hacksaw, the blade should have:', 'Coarse teeth (14 TPI)', 'Fine teeth (32 TPI)', 'No set', 'B'),
  q('A hand file cuts on:', 'The forward stroke', 'The return stroke', 'Both strokes equally', 'A'),
  // 7.4 Avionic general test equipment
  q('An ammeter is connected in a circuit:', 'In parallel with the load', 'In series with the load', 'Across the battery terminals', 'B'),
  q('A megohmmeter (insulation tester) is used to check:', 'Continuity of a bonding strap', 'Insulation resistance of wiring', 'Frequency of an AC supply', 'B'),
  q('Before measuring resistance with a multimeter, the circuit must be:', 'Energised', 'De-energised', 'Grounded at both ends', 'B'),
  // 7.5 Engineering drawings
  q('In a first-angle projection the plan view is drawn:', 'Above the front view', 'Below the front view', 'To the right of the front view', 'B'),
  q('A hidden edge on an engineering drawing is shown by:', 'A thick continuous line', 'A thin dashed line', 'A chain line', 'B'),
  q('The centre line of a part is shown as:', 'A thin chain line (long dash, short dash)', 'A thin dashed line', 'A wavy line', 'A'),
  q('The ATA 100 / iSpec 2200 chapter for landing gear is:', '29', '32', '36', 'B'),
  // 7.6 Fits and clearances
  q('A clearance fit means that:', 'The shaft is always larger than the hole', 'The hole is always larger than the shaft', 'The parts must be pressed together', 'B'),
  q('The tolerance of a dimension is:', 'The difference between its upper and lower limits', 'The nominal size', 'The clearance between two parts', 'A'),
  // 7.7 EWIS
  q('Wires in a bundle are tied with lacing cord or ties at intervals to:', 'Identify the circuit', 'Support them and prevent chafing', 'Increase current capacity', 'B'),
  q('A crimped terminal is checked after crimping with:', 'A pull test to the specified force', 'A megohmmeter', 'A visual check of the colour only', 'A'),
  q('Coaxial cable must not be bent tighter than its minimum bend radius because:', 'It becomes longer', 'Its impedance and shielding are changed', 'The connector will not fit', 'B'),
  q('A wire bundle passing near a fluid line should be:', 'Above the fluid line', 'Below the fluid line', 'Strapped to the fluid line', 'A'),
  // 7.8 Riveting
  q('The minimum edge distance of a solid rivet is usually:', '1 x the rivet diameter', '2 x the rivet diameter', '5 x the rivet diameter', 'B'),
  q('Rivets of alloy 2017 and 2024 (D and DD) are kept in a freezer after heat treatment to:', 'Prevent corrosion', 'Delay age hardening so they can be driven', 'Harden them faster', 'B'),
  q('The head marking of a 2117-T4 (AD) rivet is:', 'A dimple', 'A raised dot', 'Two raised dashes', 'A'),
  // 7.9 Pipes and hoses
  q('A flexible hose is installed with slack of about 5 to 8 % because:', 'It shortens under pressure', 'It looks neater', 'It lengthens under pressure', 'A'),
  q('The lay line printed along a flexible hose shows:', 'The fluid it carries', 'Whether the hose is twisted', 'Its burst pressure', 'B'),
  // 7.10 Springs, 7.11 bearings, 7.12 transmissions
  q('Brinelling of a ball bearing is caused by:', 'Lack of lubrication', 'Impact or static overload denting the races', 'Electrical arcing only', 'B'),
  q('Backlash in a gear train is:', 'The play between meshing teeth', 'The gear ratio', 'Wear of the shaft', 'A'),
  q('A control cable tension is measured with:', 'A spring balance', 'A tensiometer, corrected for temperature', 'A torque wrench', 'B'),
  // 7.14 Material handling, 7.16 aircraft weight and balance
  q('The datum used for weight and balance is:', 'Always the nose of the aircraft', 'A reference plane chosen by the manufacturer', 'The centre of gravity', 'B'),
  q('The moment of an item is its weight multiplied by:', 'Its arm from the datum', 'The aircraft empty weight', 'The mean aerodynamic chord', 'A'),
  // 7.17 Aircraft handling and storage
  q('Before towing an aircraft, the nose wheel steering is usually:', 'Left pressurised', 'Disconnected or depressurised by the towing pin', 'Locked fully left', 'B'),
  q('When an aircraft is jacked, the first step after the jacks take the load is to:', 'Remove the wheels', 'Keep the aircraft level and the jacks raised evenly', 'Release the parking brake', 'B'),
  // 7.18 Disassembly, inspection, repair and assembly techniques
  q('Dye penetrant inspection can find:', 'Subsurface flaws only', 'Surface-breaking cracks', 'Flaws in any porous material', 'B'),
  q('Eddy current inspection works on:', 'Conductive materials', 'Composite materials only', 'Any material', 'A'),
  q('Fretting corrosion appears between:', 'Two surfaces with small relative movement under load', 'Two dissimilar metals in an electrolyte', 'A metal and the air only', 'A'),
  // 7.20 Maintenance procedures
  q('A certificate of release to service (CRS) is issued:', 'Before the maintenance starts', 'After the maintenance is completed and checked', 'Only at the annual inspection', 'B'),
  q('A duplicate (independent) inspection is required after work on:', 'The cabin seats', 'Flight control systems', 'The galley', 'B'),
];

/** A small bank for a demo course: questions on the course and on working practice, three choices, one correct. */
function smallBank(courseName: string): ExamQuestionFile[] {
  return [
    q(`Where are the procedures that apply to ${courseName} taken from?`, "The approved maintenance data and the organisation's procedures", 'Any internet forum', 'Memory', 'A'),
    q('Who may sign a certificate of release to service?', 'Anyone who did the work', 'Appropriately authorised certifying staff', 'The aircraft owner only', 'B'),
    q('An error found after the work was signed off must be:', 'Kept quiet', 'Reported through the occurrence reporting system', 'Fixed without a record', 'B'),
    q('Which is one of the "Dirty Dozen" of human factors?', 'Complacency', 'Daylight', 'Overtime pay', 'A'),
    q('A maintenance task card that is unclear should be:', 'Interpreted as well as possible', 'Queried and clarified before the work continues', 'Skipped', 'B'),
    q('Records of maintenance must be:', 'Kept only until the next flight', 'Kept for the period the regulations require', 'Discarded after the audit', 'B'),
    q('Tools are accounted for at the end of a task to prevent:', 'Foreign object damage', 'Paperwork', 'Calibration', 'A'),
    q('Before a task, the engineer checks the maintenance data is:', 'The current revision', 'Printed in colour', 'Signed by the pilot', 'A'),
  ];
}

/** The courses whose results stay hidden after the exam (a demo of the flag). */
const RESULTS_HIDDEN = new Set([2002]);

/**
 * The exam of every demo course: Part-66 Module 7 draws 20 of its 48 questions, 30 minutes,
 * 75 %, 3 attempts 24 hours apart; every other course draws 5 of 8 in 10 minutes.
 */
export const DEMO_EXAMS: ExamFile[] = DEMO_SYLLABI.map(({ course }) =>
  course.id === 1007
    ? {
        courseId: course.id,
        title: `${course.name}: final examination`,
        drawSize: EXAM_DEFAULTS.drawSize,
        durationSeconds: EXAM_DEFAULTS.durationSeconds,
        passRate: EXAM_DEFAULTS.passRate,
        maxAttempts: EXAM_DEFAULTS.maxAttempts,
        graceHours: EXAM_DEFAULTS.graceHours,
        resultsVisible: true,
        questions: spreadRightAnswers(MODULE_7_BANK),
      }
    : {
        courseId: course.id,
        title: `${course.name}: final examination`,
        drawSize: 5,
        durationSeconds: 10 * 60,
        passRate: EXAM_DEFAULTS.passRate,
        maxAttempts: EXAM_DEFAULTS.maxAttempts,
        graceHours: EXAM_DEFAULTS.graceHours,
        resultsVisible: !RESULTS_HIDDEN.has(course.id),
        questions: spreadRightAnswers(smallBank(course.name)),
      },
);
