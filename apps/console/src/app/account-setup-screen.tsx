import { AccountSetupPage } from '@/features/account/account-setup-page';
import { useLogout } from '@/features/layout/use-logout';

/** The account's pending step, with the console's one way to sign out. */
export function AccountSetupScreen() {
  const logout = useLogout();
  return <AccountSetupPage onSignOut={() => void logout()} />;
}
