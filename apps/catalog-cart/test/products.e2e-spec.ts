import { CatalogRpc, PRODUCT_TYPES } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { catalogCartService } from '../src/catalog-cart.service-definition.js';
import { DEMO_PRODUCTS } from '../src/seed/demo-catalog.data.js';
import { useCatalogCart } from './support/catalog-cart-under-test.js';

describe('catalog-cart products over NATS', () => {
  const under = useCatalogCart();


  it('lists every seeded product with the fields of the spec', async () => {
    const { data } = await under.rpc.call(CatalogRpc.ListProducts, {});
    expect(data).toHaveLength(DEMO_PRODUCTS.length);
    const module7 = data.find((p) => p.id === 107)!;
    expect(module7).toEqual(
      expect.objectContaining({
        name: 'Part-66 Module 7: Maintenance Practices',
        type: 'course',
        price: 199,
        formatted_price: '€199.00',
        currency: 'EUR',
        program_id: 1007,
        url: '/e-shop/part-66-module-7-maintenance-practices',
        images: { '16by9': '/images/products/part-66-16by9.svg', thumbnail: '/images/products/part-66-thumb.svg' },
      }),
    );
    for (const type of PRODUCT_TYPES) expect(data.some((p) => p.type === type)).toBe(true);
  });

  it('gives a course the details of its page (what it covers, study time, who it is for, the certificate), and other products none', async () => {
    const { data } = await under.rpc.call(CatalogRpc.ListProducts, {});
    expect(data.find((p) => p.id === 107)!.details).toEqual({
      covers: ['Safety precautions', 'Workshop practices', 'Tools', 'Inspection', 'Maintenance procedures'],
      duration_hours: 20,
      audience: expect.stringContaining('Part-66 B1 or B2 licence'),
      certificate: expect.stringContaining('not an EASA Form 149a'),
    });
    for (const product of data) {
      const course = product.type === 'course' || product.type === 'pre_order' || product.type === 'combined';
      expect({ id: product.id, hasDetails: product.details != null }).toEqual({ id: product.id, hasDetails: course });
      if (course) expect(product.details!.covers.length).toBeGreaterThan(0);
    }
  });

  it('lists the contents of a package with names, links and quantities', async () => {
    const { data } = await under.rpc.call(CatalogRpc.ListProducts, { type: 'package' });
    const team = data.find((p) => p.id === 402)!;
    expect(team.package).toEqual([
      { id: 201, name: 'Part-145 Initial Training', url: '/e-shop/part-145-initial-training', quantity: 5 },
      { id: 202, name: 'Part-145 Continuation Training', url: '/e-shop/part-145-continuation-training', quantity: 5 },
    ]);
    expect(data.every((p) => p.type === 'package')).toBe(true);
  });

  it('seeding twice leaves one copy of each product', async () => {
    await catalogCartService.seed!(under.service.infra.dataSource);
    const [{ count }] = await under.service.infra.dataSource.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM catalog_cart.products',
    );
    expect(count).toBe(DEMO_PRODUCTS.length);
  });

  it('reports its Postgres, Redis and NATS on /health', async () => {
    const res = await fetch(`http://127.0.0.1:${under.service.httpPort}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checks: Record<string, { status: string }> };
    expect(Object.fromEntries(Object.entries(body.checks).map(([k, v]) => [k, v.status]))).toEqual({
      postgres: 'up',
      redis: 'up',
      nats: 'up',
    });
  });
});
