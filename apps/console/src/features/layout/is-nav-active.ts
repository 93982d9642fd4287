/**
 * The active navigation item:
 * - an item is active when the current path starts with its path (whole segments, so /faqs is
 *   not active on a hypothetical /faqs-archive);
 * - a Content entry (/content) is active for /content and for paths beginning /edit/;
 * - /content/create is matched exactly.
 */
function startsWithSegment(pathname: string, prefix: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix.replace(/\/$/, '')}/`);
}

export function isNavItemActive(itemPath: string, pathname: string, alsoActiveFor: readonly string[] = []): boolean {
  if (itemPath === '/content/create') return pathname === '/content/create';
  if (itemPath === '/content') {
    if (pathname === '/content/create') return false;
    return startsWithSegment(pathname, '/content') || pathname.startsWith('/edit/');
  }
  return [itemPath, ...alsoActiveFor].some((prefix) => startsWithSegment(pathname, prefix));
}
