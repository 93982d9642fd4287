import { lazy, Suspense, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BRAND, BrandMark } from '@/components/brand';
import { SignInForm } from './sign-in-form';
import type { CodeChallenge } from './sign-in-session';

// Only accounts with two-factor sign-in need the code step: it stays out of the first screen's code.
const loadCodeStep = () => import('./sign-in-code-step');
const SignInCodeStep = lazy(async () => ({ default: (await loadCodeStep()).SignInCodeStep }));

/** Fixed header with the logo, a centred card, the footer. */
export function SignInPage() {
  // set once the password was right for an account with two-factor sign-in: the same card asks for the code
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  const [lastUsername, setLastUsername] = useState<string>();
  const backToPassword = () => {
    setLastUsername(challenge?.username);
    setChallenge(null);
  };
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="fixed inset-x-0 top-0 z-10 flex h-16 items-center border-b bg-background px-6">
        <BrandMark />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-8 pt-24">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Sign in to {BRAND} CMS
            </CardTitle>
            <CardDescription>Enter your credentials to access your account</CardDescription>
          </CardHeader>
          <CardContent>
            {challenge ? (
              <Suspense>
                <SignInCodeStep challenge={challenge} onBack={backToPassword} />
              </Suspense>
            ) : (
              <SignInForm onCodeNeeded={setChallenge} defaultUsername={lastUsername} />
            )}
          </CardContent>
        </Card>
      </main>
      <footer className="py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {BRAND}. All rights reserved.
      </footer>
    </div>
  );
}
