// react-router 7 needs TextEncoder/TextDecoder, which jsdom lacks.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy… and waitFor give up after 5 s instead of 1 s: the app specs load route chunks lazily,
// which on a busy 2-core CI machine can take longer than a second. A screen that never comes
// still fails, only later.
// (@testing-library/dom, which React Testing Library configures through: importing React Testing
// Library here, before the test framework exists, would lose its cleanup after each test.)
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
