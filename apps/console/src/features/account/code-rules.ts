import { checkCode, type CodeKind } from '@/lib/one-time-code';

/** react-hook-form rules for a code field: the same check as the sign-in step. */
export function codeRules(kind: CodeKind) {
  return {
    validate: (typed: string) => {
      const check = checkCode(typed, kind);
      return 'error' in check ? check.error : true;
    },
  };
}

/** The code as it is sent: the rules above have accepted it. */
export function codeToSend(typed: string, kind: CodeKind): string {
  const check = checkCode(typed, kind);
  return 'code' in check ? check.code : typed;
}
