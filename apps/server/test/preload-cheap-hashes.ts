// Preloaded by the browser suite's server (`node --import`): cheap password hashes, see useCheapHashesForTests.
import { useCheapHashesForTests } from '../src/auth/password.ts';

useCheapHashesForTests();
