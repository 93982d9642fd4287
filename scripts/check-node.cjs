// Runs before anything else of `npm start`, on whatever Node the machine has: written in the
// oldest JavaScript (no arrow functions, no const) so that even a very old Node reads it and says
// what is wrong in one sentence, instead of failing on the first TypeScript file.
'use strict';
var NEEDED = [22, 18];
var parts = process.versions.node.split('.');
var major = Number(parts[0]);
var minor = Number(parts[1]);
if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  process.stderr.write(
    'Bursary needs Node.js ' +
      NEEDED.join('.') +
      ' or later (22 LTS or 24 LTS); this is Node.js ' +
      process.versions.node +
      ', so install a newer Node.js and run the command again.\n',
  );
  process.exit(1);
}
