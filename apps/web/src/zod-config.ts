import { z } from 'zod';

// zod compiles object schemas with `new Function` unless told not to; the Content-Security-Policy
// forbids eval, so the browser would report a violation at the first schema. Imported first by
// main.tsx, before any module builds a schema.
z.config({ jitless: true });
