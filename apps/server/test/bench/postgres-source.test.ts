import { describe, expect, it } from 'vitest';
import { postgresSource, reasonOf, shownUrl, skippedLine } from '../../bench/postgres-source.ts';

describe("the bench's PostgreSQL writes", () => {
  it('are skipped, saying so, when no database URL is set', () => {
    expect(postgresSource({})).toEqual({ skipped: 'neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set' });
    expect(postgresSource({ BENCH_DATABASE_URL: '', TEST_DATABASE_URL: '' })).toHaveProperty('skipped');
  });

  it("take the bench's URL before the tests' one, and the tests' one when the bench's is empty", () => {
    const bench = 'postgres://postgres@127.0.0.1:5432/bench';
    const test = 'postgresql://postgres@127.0.0.1:5432/test';
    expect(postgresSource({ BENCH_DATABASE_URL: bench, TEST_DATABASE_URL: test })).toEqual({ url: bench });
    expect(postgresSource({ BENCH_DATABASE_URL: '', TEST_DATABASE_URL: test })).toEqual({ url: test });
  });

  it('are skipped when the URL names something else than PostgreSQL, naming the variable', () => {
    expect(postgresSource({ BENCH_DATABASE_URL: 'mysql://root@127.0.0.1/x' })).toEqual({
      skipped: 'BENCH_DATABASE_URL is not a postgres:// URL',
    });
    expect(postgresSource({ TEST_DATABASE_URL: 'not a url' })).toEqual({
      skipped: 'TEST_DATABASE_URL is not a postgres:// URL',
    });
  });

  it('print why they were skipped without the password, and the reasons of a refused connection', () => {
    expect(shownUrl('postgres://bench:s3cret@db.example:5432/bursary')).toBe(
      'postgres://bench:***@db.example:5432/bursary',
    );
    const refused = new AggregateError(
      [new Error('connect ECONNREFUSED ::1:5432'), new Error('connect ECONNREFUSED 127.0.0.1:5432')],
      '',
    );
    expect(skippedLine(reasonOf(refused))).toBe(
      'PostgreSQL writes skipped: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    );
  });
});
