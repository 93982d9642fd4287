/** The settings and their defaults. Nothing is ever saved. */
export interface SettingsValues {
  siteName: string;
  siteUrl: string;
  adminEmail: string;
  itemsPerPage: string;
  autoSaveDrafts: boolean;
  enableComments: boolean;
  requireCommentModeration: boolean;
  darkMode: boolean;
  enableAnimations: boolean;
  compactView: boolean;
  primaryColor: string;
  enableApiAccess: boolean;
  debugMode: boolean;
  enableCaching: boolean;
  cacheTimeout: string;
}

/** The admin email is the signed-in user's, else admin@example.org. */
export function defaultSettings(email: string | null | undefined): SettingsValues {
  return {
    siteName: 'My Website',
    siteUrl: 'https://example.com',
    adminEmail: email || 'admin@example.org',
    itemsPerPage: '10',
    autoSaveDrafts: true,
    enableComments: false,
    requireCommentModeration: true,
    darkMode: false,
    enableAnimations: true,
    compactView: false,
    primaryColor: '#3B82F6',
    enableApiAccess: true,
    debugMode: false,
    enableCaching: true,
    cacheTimeout: '3600',
  };
}

type Key = keyof SettingsValues;
export type SettingField =
  | { key: Key; label: string; type: 'text' | 'url' | 'email' | 'number' | 'color' }
  | { key: Key; label: string; type: 'switch' };

export const settingGroups: { title: string; fields: SettingField[] }[] = [
  {
    title: 'General',
    fields: [
      { key: 'siteName', label: 'Site Name', type: 'text' },
      { key: 'siteUrl', label: 'Site URL', type: 'url' },
      { key: 'adminEmail', label: 'Admin Email', type: 'email' },
    ],
  },
  {
    title: 'Content',
    fields: [
      { key: 'itemsPerPage', label: 'Items Per Page', type: 'number' },
      { key: 'autoSaveDrafts', label: 'Auto Save Drafts', type: 'switch' },
      { key: 'enableComments', label: 'Enable Comments', type: 'switch' },
      { key: 'requireCommentModeration', label: 'Require Comment Moderation', type: 'switch' },
    ],
  },
  {
    title: 'User Interface',
    fields: [
      { key: 'darkMode', label: 'Dark Mode', type: 'switch' },
      { key: 'enableAnimations', label: 'Enable Animations', type: 'switch' },
      { key: 'compactView', label: 'Compact View', type: 'switch' },
      { key: 'primaryColor', label: 'Primary Color', type: 'color' },
    ],
  },
  {
    title: 'Advanced',
    fields: [
      { key: 'enableApiAccess', label: 'Enable API Access', type: 'switch' },
      { key: 'debugMode', label: 'Debug Mode', type: 'switch' },
      { key: 'enableCaching', label: 'Enable Caching', type: 'switch' },
      { key: 'cacheTimeout', label: 'Cache Timeout (seconds)', type: 'number' },
    ],
  },
];
