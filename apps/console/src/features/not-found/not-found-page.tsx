import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Any unknown address: '404', 'Oops! Page not found' and a link back to /. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
