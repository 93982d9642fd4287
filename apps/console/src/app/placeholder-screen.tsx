import { useLocation } from 'react-router';

/** Stands in for a section screen until it is built (the routes exist from the start, SPEC.md 2.1). */
export function PlaceholderScreen() {
  const { pathname } = useLocation();
  return (
    <div className="p-6">
      <h1 className="text-2xl font-semibold">Coming soon</h1>
      <p className="text-muted-foreground">{pathname}</p>
    </div>
  );
}
