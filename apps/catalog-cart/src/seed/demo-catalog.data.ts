import type { ProductDetails, ProductType } from '@aero/contracts';

export interface DemoProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  type: ProductType;
  priceCents: number;
  discountCents?: number;
  category: string;
  /** Picture family under /images/products/ (16by9 and thumbnail variants). */
  image: string;
  programId?: number;
  combinationTags?: string[];
  contents?: { productId: number; quantity: number }[];
}

const part66Modules: [number, string, string, number][] = [
  [1, 'Mathematics', 'Arithmetic, algebra and geometry for the B1 and B2 licence.', 9900],
  [2, 'Physics', 'Matter, mechanics, thermodynamics, optics, wave motion and sound.', 12900],
  [3, 'Electrical Fundamentals', 'Electron theory, DC and AC circuits, resistance, capacitance, inductance.', 14900],
  [4, 'Electronic Fundamentals', 'Semiconductors, printed circuit boards and servomechanisms.', 12900],
  [5, 'Digital Techniques / Electronic Instrument Systems', 'Data buses, logic circuits, EFIS and ESD-sensitive devices.', 16900],
  [6, 'Materials and Hardware', 'Aircraft materials, corrosion, fasteners, pipes, springs, bearings and transmissions.', 16900],
  [7, 'Maintenance Practices', 'Safety precautions, workshop practices, tools, inspection and maintenance procedures.', 19900],
  [8, 'Basic Aerodynamics', 'Physics of the atmosphere, aerodynamics, theory of flight and flight stability.', 9900],
  [9, 'Human Factors', 'Human performance and limitations, social psychology, the "Dirty Dozen".', 8900],
  [10, 'Aviation Legislation', 'ICAO, EASA Part-21, Part-M, Part-145, Part-66 and Part-147 requirements.', 10900],
];

/** The demo catalogue seeded by `npm start`: realistic EASA training offer, stable ids. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  ...part66Modules.map(([module, title, description, priceCents]): DemoProduct => ({
    id: 100 + module,
    slug: `part-66-module-${module}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '')}`,
    name: `Part-66 Module ${module}: ${title}`,
    description,
    type: 'course',
    priceCents,
    category: 'Part-66',
    image: 'part-66',
    programId: 1000 + module,
  })),
  {
    id: 201,
    slug: 'part-145-initial-training',
    name: 'Part-145 Initial Training',
    description: 'Maintenance organisation approval: procedures, quality system, certifying staff and the MOE.',
    type: 'course',
    priceCents: 14900,
    category: 'Part-145',
    image: 'part-145',
    programId: 2001,
  },
  {
    id: 202,
    slug: 'part-145-continuation-training',
    name: 'Part-145 Continuation Training',
    description: 'Two-yearly refresher on regulation changes, human factors and company procedures.',
    type: 'course',
    priceCents: 7900,
    category: 'Part-145',
    image: 'part-145',
    programId: 2002,
  },
  {
    id: 211,
    slug: 'part-m-continuing-airworthiness',
    name: 'Part-M Continuing Airworthiness',
    description: 'CAMO responsibilities, the aircraft maintenance programme, ARC and airworthiness reviews.',
    type: 'course',
    priceCents: 17900,
    category: 'Part-M',
    image: 'part-m',
    programId: 2101,
  },
  {
    id: 221,
    slug: 'part-147-training-organisation',
    name: 'Part-147 Maintenance Training Organisation',
    description: 'Approval of maintenance training organisations: MTOE, instructors, examinations.',
    type: 'course',
    priceCents: 15900,
    category: 'Part-147',
    image: 'part-147',
    programId: 2201,
  },
  {
    id: 231,
    slug: 'ewis-electrical-wiring-interconnection-system',
    name: 'EWIS: Electrical Wiring Interconnection System',
    description: 'EWIS awareness training for Part-145 and CAMO staff (AMC 20-22).',
    type: 'course',
    priceCents: 6900,
    category: 'Specialised',
    image: 'specialised',
    programId: 2301,
  },
  {
    id: 301,
    slug: 'hard-copy-certificate',
    name: 'Hard-copy certificate',
    description: 'A printed course certificate sent by post to the learner.',
    type: 'certificate',
    priceCents: 2500,
    category: 'Certificates',
    image: 'certificate',
  },
  {
    id: 302,
    slug: 'certificate-of-completion-part-145',
    name: 'Certificate of completion: Part-145 Initial Training',
    description: 'Certificate of completion for the Part-145 Initial Training course.',
    type: 'certificate',
    priceCents: 3500,
    category: 'Certificates',
    image: 'certificate',
    programId: 2001,
  },
  {
    id: 401,
    slug: 'part-66-b1-basic-package',
    name: 'Part-66 B1 Basic Package (Modules 1-10)',
    description: 'All basic Part-66 modules 1 to 10 for the B1 licence, at a package price.',
    type: 'package',
    priceCents: 99000,
    category: 'Packages',
    image: 'package',
    contents: part66Modules.map(([module]) => ({ productId: 100 + module, quantity: 1 })),
  },
  {
    id: 402,
    slug: 'part-145-team-package',
    name: 'Part-145 Team Package (5 seats)',
    description: 'Five seats of Part-145 Initial Training and five of Continuation Training for your team.',
    type: 'package',
    priceCents: 89000,
    category: 'Packages',
    image: 'package',
    contents: [
      { productId: 201, quantity: 5 },
      { productId: 202, quantity: 5 },
    ],
  },
  {
    id: 501,
    slug: 'wallet-top-up-100',
    name: 'Wallet top-up 100 EUR',
    description: 'Adds 100 EUR to your wallet for later purchases.',
    type: 'wallet',
    priceCents: 10000,
    category: 'Wallet',
    image: 'wallet',
  },
  {
    id: 502,
    slug: 'wallet-top-up-500',
    name: 'Wallet top-up 500 EUR',
    description: 'Adds 500 EUR to your wallet for later purchases.',
    type: 'wallet',
    priceCents: 50000,
    category: 'Wallet',
    image: 'wallet',
  },
  {
    id: 601,
    slug: 'part-66-module-17-propeller-pre-order',
    name: 'Part-66 Module 17: Propeller (pre-order)',
    description: 'Reserve your seat now; the course opens in early 2027.',
    type: 'pre_order',
    priceCents: 8900,
    category: 'Part-66',
    image: 'part-66',
    programId: 1017,
  },
  ...(
    [
      [701, 'CFM56', ['CFM56'], 'CFM56 engine run-up and borescope inspection', 24900],
      [702, 'CFM LEAP-1A', ['LEAP-1A'], 'LEAP-1A engine systems and line maintenance', 27900],
      [703, 'IAE V2500', ['V2500'], 'V2500 engine systems and line maintenance', 24900],
      [704, 'A320 family CFM56 + LEAP-1A', ['CFM56', 'LEAP-1A'], 'A320 family type training for both engine options', 39900],
      [705, 'A320 family CFM56 + V2500', ['CFM56', 'V2500'], 'A320 family type training for the CFM56 and V2500', 39900],
      [706, 'A320 family all engines', ['CFM56', 'LEAP-1A', 'V2500'], 'A320 family type training with all engine options', 49900],
    ] satisfies [id: number, label: string, tags: string[], description: string, priceCents: number][]
  ).map(
    ([id, label, tags, description, priceCents]): DemoProduct => ({
      id,
      slug: `a320-engine-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '')}`,
      name: `A320 engine course: ${label}`,
      description,
      type: 'combined',
      priceCents,
      category: 'Type training',
      image: 'combined',
      programId: 3000 + id,
      combinationTags: tags,
    }),
  ),
];

/** Study time of the demo courses that do not follow the one-hour-per-ten-euros rule of thumb. */
const DURATION_HOURS: Record<number, number> = { 202: 4, 231: 6 };

/** What the non-Part-66 demo courses cover (a Part-66 module covers the topics of its description). */
const COVERS: Record<number, string[]> = {
  201: ['The Part-145 approval and its scope', 'Maintenance procedures and the quality system', 'Certifying staff and their authorisations', 'The maintenance organisation exposition (MOE)'],
  202: ['Changes to EASA regulations since your last training', 'Human factors refresher', 'Company procedures and lessons learned from occurrences'],
  211: ['Continuing airworthiness management (CAMO) responsibilities', 'The aircraft maintenance programme', 'Airworthiness reviews and the ARC', 'Records and airworthiness directives'],
  221: ['The Part-147 approval', 'The maintenance training organisation exposition (MTOE)', 'Instructors, examiners and assessors', 'Examinations and their security'],
  231: ['EWIS components and their failure modes', 'Inspection and protection of wiring', 'Housekeeping and contamination control', 'AMC 20-22 training levels'],
  601: ['Propeller construction and pitch control', 'Synchronising and ice protection', 'Propeller maintenance and storage'],
};

const AUDIENCE: Record<string, string> = {
  'Part-66': 'Mechanics and technicians preparing for the EASA Part-66 B1 or B2 licence examination, and licence holders refreshing a module.',
  'Part-145': 'Staff of Part-145 maintenance organisations: certifying staff, mechanics, planners and quality staff.',
  'Part-M': 'Continuing airworthiness staff: CAMO managers, airworthiness review staff and maintenance programme engineers.',
  'Part-147': 'Managers, instructors and examiners of Part-147 maintenance training organisations, and those preparing an approval.',
  Specialised: 'Part-145 and CAMO staff who work on, inspect or assess aircraft wiring.',
  'Type training': 'Licensed engineers and mechanics working on the A320 family with the engine of the course.',
};

const CERTIFICATE =
  'A certificate of completion with your name, the course and the date, downloadable as a PDF once you complete the course; a printed copy can be ordered. It is not an EASA Form 149a (Certificate of Recognition).';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The topics of a description: "A, b and c." gives ["A", "B", "C"]. */
function topicsOf(description: string): string[] {
  return description
    .replace(/\.$/, '')
    .split(/,\s*|\s+and\s+(?=[^,]*$)/)
    .map((topic) => sentenceCase(topic.trim()))
    .filter((topic) => topic !== '');
}

/** The course page's details of a demo product: courses, pre-orders and combined courses have them. */
export function courseDetails(product: DemoProduct): ProductDetails | null {
  if (product.type !== 'course' && product.type !== 'pre_order' && product.type !== 'combined') return null;
  return {
    covers:
      COVERS[product.id] ??
      (product.type === 'combined'
        ? [sentenceCase(product.description), 'Engine systems, controls and indications', 'Line maintenance tasks, servicing and troubleshooting']
        : topicsOf(product.description)),
    duration_hours: DURATION_HOURS[product.id] ?? Math.max(2, Math.round(product.priceCents / 1000)),
    audience: AUDIENCE[product.category] ?? AUDIENCE['Part-145'],
    certificate: CERTIFICATE,
  };
}
