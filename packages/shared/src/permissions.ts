// the wire contracts alone, without the zod schemas: the console reads this in its first signed-in screen's code
import { ROLES, type Role } from './api.ts';

/**
 * A capability a user holds beside their role, granting what the role alone does not (it never takes anything
 * away). `can_review`: a non-administrator who may approve changes waiting for review.
 */
export type Capability = 'can_review';

/** Who is granted a permission: the roles that hold it, and a capability that grants it to anyone holding it. */
interface Grant {
  roles: readonly Role[];
  capability?: Capability;
}

const EVERYONE: readonly Role[] = ['admin', 'editor', 'viewer'];
const EDITORS: readonly Role[] = ['admin', 'editor'];
const ADMINS: readonly Role[] = ['admin'];

/**
 * What each role may do: the one table the server's route guards and the console's controls read. Administrators
 * may do everything; editors change the content (records, sub-items, translations, publishing, schedules, restores,
 * images, preview tokens); viewers read only. The server enforces every entry; the console only hides what would be
 * refused.
 */
export const PERMISSIONS = {
  /** The change log (GET /api/logs). */
  'logs:read': { roles: EVERYONE },
  /** History, revisions and the trash. */
  'history:read': { roles: EVERYONE },
  /** The media library's list. */
  'media:read': { roles: EVERYONE },
  /** The upcoming and failed schedules. */
  'schedules:read': { roles: EVERYONE },
  /** The site's health report. */
  'site-health:read': { roles: EVERYONE },
  /** Create, edit, delete, publish, schedule, translate and restore records and their sub-items. */
  'content:write': { roles: EDITORS },
  /** Change and delete images in the media library. */
  'media:write': { roles: EDITORS },
  /** Create and revoke preview tokens; a token reads only while its issuer still holds this. */
  'preview:create': { roles: EDITORS },
  /** Approve changes waiting for review: administrators, and anyone holding `can_review`. */
  'review:approve': { roles: ADMINS, capability: 'can_review' },
  /** The team's administration (/api/users). */
  'users:manage': { roles: ADMINS },
  /** Webhooks, their deliveries and their secrets. */
  'webhooks:manage': { roles: ADMINS },
  /** Add, change and remove the site's languages. */
  'locales:manage': { roles: ADMINS },
  /** Every live preview token, whoever issued it. */
  'preview-tokens:manage': { roles: ADMINS },
  /** The log's administration rows (accounts, second factors, webhooks): to anyone else they do not exist. */
  'logs:administration': { roles: ADMINS },
  /** The installation's checks behind the health status and on Site health (backups, webhooks, migrations). */
  'installation:read': { roles: ADMINS },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * Whoever asks: a role (a missing or unknown one counts as a viewer's, as a session stored before roles does) and
 * the capabilities held beside it.
 */
export interface PermissionHolder {
  role?: Role | string | null;
  can_review?: boolean;
}

const isRole = (role: unknown): role is Role => (ROLES as readonly unknown[]).includes(role);

/** The role `can` reads: the holder's own, or a viewer's when it is missing or unknown. */
export function roleOf(user: PermissionHolder | null | undefined): Role {
  const role = user?.role;
  return isRole(role) ? role : 'viewer';
}

const grantOf = (permission: Permission): Grant => PERMISSIONS[permission];

/** Whether `user` may do what `permission` names: its role holds it, or a capability the user holds grants it. */
export function can(user: PermissionHolder | null | undefined, permission: Permission): boolean {
  const grant = grantOf(permission);
  if (grant.roles.includes(roleOf(user))) return true;
  return grant.capability !== undefined && user?.[grant.capability] === true;
}

/**
 * The roles that hold `permission` by themselves, for queries that ask whether someone still may (a capability
 * is held per user, so a query that honours one reads it beside the role).
 */
export const rolesWith = (permission: Permission): Role[] =>
  ROLES.filter((role) => grantOf(permission).roles.includes(role));
