/**
 * The most common passwords of twelve characters or more (ASVS 2.1.7): shorter ones are
 * already refused by the length rule. Compared case-insensitively, ignoring surrounding spaces.
 */
const COMMON = [
  '123456789012', '1234567890123', '12345678901234', '123456789123', '1234567891011',
  '111111111111', '000000000000', '123123123123', '121212121212', '987654321098',
  'qwertyuiopasdf', 'qwertyuiop123', 'qwerty123456', 'qwertyqwerty', '1qaz2wsx3edc',
  '1q2w3e4r5t6y', 'q1w2e3r4t5y6', 'zaq12wsxcde3', 'asdfghjkl123', 'zxcvbnm12345',
  'password1234', 'password12345', 'password123456', 'passwordpassword', 'password123!',
  'password@123', 'p@ssw0rd1234', 'p@ssword1234', 'passw0rd1234', 'mypassword123',
  'letmein12345', 'welcome12345', 'welcome123456', 'welcome@1234', 'iloveyou1234',
  'administrator', 'administrator1', 'admin1234567', 'adminadmin123', 'admin@123456',
  'changeme1234', 'changemenow!', 'trustno1trustno1', 'football1234', 'baseball1234',
  'superman1234', 'sunshine1234', 'princess1234', 'starwars1234', 'dragon123456',
  'monkey123456', 'master123456', 'abc123456789', 'abcdefghijkl', 'abcd12345678',
  'aaaaaaaaaaaa', 'abcabcabcabc', 'secret123456', 'loveyou12345', 'whatever1234',
  'correcthorsebatterystaple', 'thequickbrownfox', 'bursary12345', 'bursaryadmin',
  'studentloan123', 'studentloans1', 'qwerty1234567', '1234qwerasdf', 'qwer1234asdf',
];

const COMMON_SET = new Set(COMMON.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON_SET.has(password.trim().toLowerCase());
}
