// SWC settings shared by the build and by Jest: TypeScript with legacy decorators and
// decorator metadata (Nest's dependency injection reads it), emitted as ES modules.
export function swcOptions() {
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: true,
  };
}
