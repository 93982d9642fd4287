import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import { ROLES, type Role } from '@bursary/shared';
import {
  UserInputError,
  createUser,
  disableUser,
  findUserByUsername,
  listUsers,
  setPassword,
  setRole,
} from '../auth/users.ts';
import { SecondFactor } from '../auth/second-factor.ts';
import { SecretBox } from '../auth/secret-box.ts';
import { HttpError } from '../lib/errors.ts';
import { CliError, readNewPassword } from './password-input.ts';

/**
 * `npm run user -- add NAME [--role R] | passwd NAME | role NAME R | totp-off NAME | list | disable NAME`.
 * Exit codes: 0 done, 1 refused (unknown user, weak password…), 2 wrong usage.
 */
const USAGE = `Usage:
  npm run user -- add USERNAME [--role admin|editor|viewer] [--name "Full Name"] [--email ADDRESS] [--password-stdin]
  npm run user -- passwd USERNAME [--password-stdin]
  npm run user -- role USERNAME admin|editor|viewer
  npm run user -- totp-off USERNAME      (a lost second factor: signs in with the password alone)
  npm run user -- list
  npm run user -- disable USERNAME
A new user is an editor unless --role says otherwise.
Passwords are asked at a hidden prompt, or read from standard input with --password-stdin;
they are never accepted as arguments.`;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    const hint = argv.some((a) => /^--?pass(word)?(=|$)/.test(a))
      ? ' (passwords are never taken as arguments: use --password-stdin or the prompt)'
      : '';
    // node's message goes on to explain `--` positionals; its first sentence is the point
    const reason = (error instanceof Error ? error.message : String(error)).split('. ')[0];
    throw new CliError(`${reason}${hint}. See: npm run user -- --help`, 2);
  }
}

async function existingUser(db: Kysely<Database>, username: string) {
  const user = await findUserByUsername(db, username);
  if (!user) throw new CliError(`No user named "${username}". See the users with: npm run user -- list`);
  return user;
}

function role(raw: string | undefined): Role {
  const found = ROLES.find((r) => r === raw);
  if (!found)
    throw new CliError(`The role must be one of ${ROLES.join(', ')}${raw === undefined ? '' : `, not "${raw}"`}`, 2);
  return found;
}

function printTable(rows: Awaited<ReturnType<typeof listUsers>>) {
  if (rows.length === 0) return console.log('No users yet. Add one with: npm run user -- add USERNAME');
  const lines = rows.map((u) => [
    String(u.id),
    u.username,
    u.name,
    u.email ?? '',
    u.role,
    Number(u.disabled) ? 'disabled' : 'active',
    Number(u.totp_enabled) ? 'on' : 'off',
    u.created_at.slice(0, 10),
  ]);
  const header = ['ID', 'USERNAME', 'NAME', 'EMAIL', 'ROLE', 'STATUS', '2FA', 'CREATED'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  for (const line of [header, ...lines])
    console.log(
      line
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  const [command, username, ...rest] = positionals;
  if (values.help || command === undefined) return console.log(USAGE);
  const needsName = command === 'add' || command === 'passwd' || command === 'disable' || command === 'totp-off';
  if (command !== 'list' && command !== 'role' && !needsName)
    throw new CliError(`Unknown command "${command}". See: npm run user -- --help`, 2);
  if (command === 'role' && (username === undefined || rest.length !== 1))
    throw new CliError('"role" takes a username and a role, e.g. npm run user -- role alice editor', 2);
  if (needsName && (username === undefined || rest.length > 0))
    throw new CliError(`"${command}" takes one username, e.g. npm run user -- ${command} alice`, 2);
  const newRole = command === 'add' ? role(values.role ?? 'editor') : command === 'role' ? role(rest[0]) : undefined;
  if (command === 'list' && positionals.length > 1) throw new CliError('"list" takes no username', 2);

  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const name = username as string;
    switch (command) {
      case 'add': {
        if (await findUserByUsername(db, name)) throw new CliError(`A user named "${name}" already exists`);
        const password = await readNewPassword(values['password-stdin']);
        const user = await createUser(db, {
          username: name,
          password,
          name: values.name,
          email: values.email,
          role: newRole,
        });
        console.log(`Added user "${user.username}" (id ${user.id}, ${newRole}).`);
        break;
      }
      case 'passwd': {
        const user = await existingUser(db, name);
        const password = await readNewPassword(values['password-stdin']);
        await setPassword(db, user.id, password);
        console.log(`Changed the password of "${user.username}"; their sessions have ended.`);
        break;
      }
      case 'disable': {
        const user = await existingUser(db, name);
        await disableUser(db, user);
        console.log(`Disabled "${user.username}"; their sessions have ended.`);
        break;
      }
      case 'role': {
        const user = await existingUser(db, name);
        await setRole(db, user, newRole as Role);
        console.log(`"${user.username}" is now ${newRole}.`);
        break;
      }
      case 'totp-off': {
        const user = await existingUser(db, name);
        // turning off needs no key: the sealed secret is simply dropped
        await new SecondFactor(db, new SecretBox(config), () => new Date()).turnOff(user.id);
        console.log(
          `Two-factor sign-in is off for "${user.username}"; they sign in with their password alone until they set it up again.`,
        );
        break;
      }
      default:
        printTable(await listUsers(db));
    }
  } finally {
    await db.destroy();
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof CliError) {
    console.error(`error: ${error.message}`);
    process.exitCode = error.exitCode;
  } else if (error instanceof UserInputError || error instanceof ConfigError || error instanceof HttpError) {
    console.error(`error: ${error.message}`);
    process.exitCode = error instanceof ConfigError ? 2 : 1;
  } else {
    console.error(`error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
    process.exitCode = 1;
  }
}
