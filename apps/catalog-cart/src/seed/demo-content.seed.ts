import type { DataSource } from 'typeorm';

const FAQ: [number, string, string, 'text' | 'youtube', string | null, boolean][] = [
  [1, 'Are your courses approved by EASA?', 'Our Part-66 basic modules are delivered by an EASA Part-147 approved organisation. Type and awareness courses (Part-145, Part-M, EWIS, Human Factors) meet the training requirements of the relevant AMC and GM.', 'text', null, true],
  [2, 'How long do I have access to a course?', 'Each purchased course stays available for 12 months from the moment you start it. Company seats that have not been shared yet do not expire before their "available till" date.', 'text', null, true],
  [3, 'How do exams work?', 'Each course ends with a timed multiple-choice exam (three answers, one correct). If you do not reach the pass mark, you can retry after the grace period, within the number of attempts of the course.', 'text', null, true],
  [4, 'How do I share courses with my employees?', 'Company accounts buy seats in bulk and share them from the Quick share page by e-mail or as printed tickets with a code and password.', 'text', null, true],
  // No video of the product exists yet: the tour is told in words (a video answer is type 'youtube' with its key).
  [5, 'What does the learning platform look like?', 'Each course opens on its syllabus: video, text and quiz chapters in order, each marked done as you finish it, with your progress and the time left. The final exam and your results are on the same course page.', 'text', null, true],
  [6, 'Can I get a printed certificate?', 'Yes. Add a hard-copy certificate to your cart, or tick "hard copy certificate" when organizing a course for a group. Note that our course certificates are not an EASA Form 149a (Certificate of Recognition).', 'text', null, true],
  [7, 'Internal: draft answer about refunds', 'Not published yet.', 'text', null, false],
];

const ARTICLES: [string, string, string][] = [
  [
    'faq-corporate-account',
    'Corporate account: frequently asked questions',
    `<p>A corporate account lets a maintenance organisation buy course seats in bulk and manage the training of its staff in one place.</p>
<h2>What can a corporate account do?</h2>
<ul><li>Buy seats of any course and share them by e-mail or printed ticket.</li><li>Organize a course for a group of employees in three steps.</li><li>Manage employees, employee groups and invitations to your Student List.</li><li>Follow progress and download reports.</li></ul>
<h2>How do I get one?</h2><p>Tick "corporate account" when you register and fill in your company details. Changing the account type or company details later requires contacting support.</p>
<h2>Can I take back a seat?</h2><p>A shared seat that was not accepted can be recalled. An accepted course can be recalled within 14 days of purchase if the learner has not started it.</p>`,
  ],
  [
    'terms-and-conditions',
    'Terms and conditions',
    `<p>These terms govern the purchase and use of online training courses, certificates, packages and wallet funds offered by AeroMaint Academy.</p>
<h2>1. Orders and payment</h2><p>Prices are in euros and include VAT where applicable. An order is binding once paid by card, PayPal, bank wire, wallet funds or, for free orders, once confirmed.</p>
<h2>2. Access to courses</h2><p>Access is personal. Company seats may be shared with employees; a seat can be used by one learner only.</p>
<h2>3. Exams and certificates</h2><p>Certificates are issued after a successful exam. Course certificates are not an EASA Form 149a.</p>
<h2>4. Withdrawal</h2><p>Consumers may withdraw within 14 days of purchase provided the course has not been started.</p>`,
  ],
  [
    'privacy-policy',
    'Privacy policy',
    `<p>We process your personal data to provide training, issue certificates, process payments and, with your consent, send newsletters.</p>
<h2>Cookies</h2><p>Necessary cookies keep you signed in (session cookie, 24 hours; remember-me cookie, 3 years). Statistics and social cookies are set only with your consent, which lasts 365 days.</p>
<h2>Your rights</h2><p>You may access, correct or delete your data and withdraw consent at any time by contacting privacy@aeromaint.local.</p>`,
  ],
];

const SLIDES: [number, string, string, string, string, string][] = [
  [1, '/images/slides/hangar.svg', '<h2>EASA Part-66 modules online</h2><p>Prepare your B1 and B2 licence at your own pace.</p>', '/e-shop', 'Browse courses', 'btn-primary'],
  [2, '/images/slides/team.svg', '<h2>Train your whole team</h2><p>Buy seats in bulk, share them by e-mail or ticket, follow progress.</p>', '/articles/faq-corporate-account', 'Corporate accounts', 'btn-light'],
  [3, '/images/slides/classroom.svg', '<h2>Classroom training on request</h2><p>Instructor-led courses at your base, for groups of any size.</p>', '/classroom-training#get-in-touch', 'Get a quote', 'btn-primary'],
];

const LOGOS: [number, string][] = [
  [1, 'Nordic Line Maintenance'],
  [2, 'Adriatic Aero Technics'],
  [3, 'Alpine Helicopter Services'],
  [4, 'Atlantic CAMO'],
  [5, 'Baltic Engine Shop'],
  [6, 'Iberia Component Repair'],
];

/** Upserts the public site's FAQ, articles, slides and client logos. */
export async function seedDemoContent(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (m) => {
    for (const [index, [id, question, answer, type, key, visible]] of FAQ.entries()) {
      await m.query(
        `INSERT INTO catalog_cart.faq_items (id, question, answer, type, youtube_key, visible, sort_order) VALUES ($1,$2,$3,$4,$5,$6,$7)
         ON CONFLICT (id) DO UPDATE SET question = EXCLUDED.question, answer = EXCLUDED.answer, type = EXCLUDED.type,
           youtube_key = EXCLUDED.youtube_key, visible = EXCLUDED.visible, sort_order = EXCLUDED.sort_order`,
        [id, question, answer, type, key, visible, index],
      );
    }
    for (const [slug, title, body] of ARTICLES) {
      await m.query(
        `INSERT INTO catalog_cart.articles (slug, title, body) VALUES ($1,$2,$3)
         ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body`,
        [slug, title, body],
      );
    }
    for (const [index, [id, image, body, path, buttonText, buttonClass]] of SLIDES.entries()) {
      await m.query(
        `INSERT INTO catalog_cart.slides (id, image, body, path, button_text, button_class, sort_order) VALUES ($1,$2,$3,$4,$5,$6,$7)
         ON CONFLICT (id) DO UPDATE SET image = EXCLUDED.image, body = EXCLUDED.body, path = EXCLUDED.path,
           button_text = EXCLUDED.button_text, button_class = EXCLUDED.button_class, sort_order = EXCLUDED.sort_order`,
        [id, image, body, path, buttonText, buttonClass, index],
      );
    }
    for (const [index, [id, name]] of LOGOS.entries()) {
      await m.query(
        `INSERT INTO catalog_cart.client_logos (id, name, image, url, sort_order) VALUES ($1,$2,$3,NULL,$4)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, image = EXCLUDED.image, sort_order = EXCLUDED.sort_order`,
        [id, name, `/images/clients/client-${id}.svg`, index],
      );
    }
  });
}
