import type { ProductDto } from '@aero/contracts';

function product(overrides: Partial<ProductDto> & Pick<ProductDto, 'id' | 'name' | 'url'>): ProductDto {
  return {
    description: '',
    type: 'course',
    price: 99,
    quantity: 1,
    discount: 0,
    category: 'Part-66',
    images: { '16by9': '/images/products/part-66-16by9.svg', thumbnail: '/images/products/part-66-thumb.svg' },
    formatted_price: '€99.00',
    currency: 'EUR',
    program_id: null,
    package: [],
    combination_tags: [],
    ...overrides,
  };
}

/** A few products shaped like the seeded catalogue. */
export const PRODUCTS_FIXTURE: ProductDto[] = [
  product({
    id: 101,
    name: 'Part-66 Module 1: Mathematics',
    url: '/e-shop/part-66-module-1-mathematics',
    description: 'Arithmetic, algebra and geometry for the B1 and B2 licence.',
    formatted_price: '€99.00',
    program_id: 1001,
  }),
  product({
    id: 201,
    name: 'Part-145 Initial Training',
    url: '/e-shop/part-145-initial-training',
    description: 'Maintenance organisation approval: procedures, quality system, certifying staff and the MOE.',
    price: 149,
    formatted_price: '€149.00',
    category: 'Part-145',
    images: { '16by9': '/images/products/part-145-16by9.svg', thumbnail: '/images/products/part-145-thumb.svg' },
    program_id: 2001,
    details: {
      covers: ['The Part-145 approval and its scope', 'Certifying staff and their authorisations'],
      duration_hours: 15,
      audience: 'Staff of Part-145 maintenance organisations.',
      certificate: 'A certificate of completion, downloadable as a PDF.',
    },
  }),
  product({
    id: 301,
    name: 'Hard-copy certificate',
    url: '/e-shop/hard-copy-certificate',
    description: 'A printed course certificate sent by post to the learner.',
    type: 'certificate',
    price: 25,
    formatted_price: '€25.00',
    category: 'Certificates',
    images: { '16by9': '/images/products/certificate-16by9.svg', thumbnail: '/images/products/certificate-thumb.svg' },
  }),
  product({
    id: 402,
    name: 'Part-145 Team Package (5 seats)',
    url: '/e-shop/part-145-team-package',
    description: 'Five seats of Part-145 Initial Training and five of Continuation Training for your team.',
    type: 'package',
    price: 890,
    formatted_price: '€890.00',
    category: 'Packages',
    images: { '16by9': '/images/products/package-16by9.svg', thumbnail: '/images/products/package-thumb.svg' },
    package: [
      { id: 201, name: 'Part-145 Initial Training', url: '/e-shop/part-145-initial-training', quantity: 5 },
      { id: 202, name: 'Part-145 Continuation Training', url: '/e-shop/part-145-continuation-training', quantity: 5 },
    ],
  }),
];
