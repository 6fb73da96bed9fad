import { type PasswordHashing, scryptPasswords } from "../../src/server/auth/auth";

/**
 * The app's scrypt, each result kept for the test file: a password is hashed once (every
 * account made with it gets that hash, salt and all) and a hash and password are checked
 * once, the first time for real. The API tests hashed and checked the same few passwords
 * about 800 times a pass at some 100 ms each. A wrong password is still checked for real, so
 * sign-in still tells right from wrong; the test of sign-up's timing uses scrypt itself.
 */
export function rememberedPasswords(passwords: PasswordHashing = scryptPasswords): PasswordHashing {
  const hashes = new Map<string, Promise<string>>();
  const checks = new Map<string, Promise<boolean>>();
  return {
    hash(password) {
      let hash = hashes.get(password);
      if (!hash) {
        hash = passwords.hash(password);
        hashes.set(password, hash);
      }
      return hash;
    },
    verify(data) {
      const key = JSON.stringify([data.hash, data.password]);
      let verdict = checks.get(key);
      if (!verdict) {
        verdict = passwords.verify(data);
        checks.set(key, verdict);
      }
      return verdict;
    },
  };
}

/** One per test file (module state is per file): the files' tests share what was hashed. */
export const testPasswords = rememberedPasswords();
