import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../../electron/services/data/database';
import { runDataMoves, type DataMove } from '../../../../../electron/services/data/data-moves';

const at = () => '2026-01-01T00:00:00.000Z';

describe('start-up data moves', () => {
  it('runs each move once, in order, and records it as done', () => {
    const db = openDatabase(':memory:');
    const ran: number[] = [];
    const moves: DataMove[] = [
      { id: 2, name: 'second', run: () => (ran.push(2), true) },
      { id: 1, name: 'first', run: () => (ran.push(1), true) },
    ];
    expect(runDataMoves(db, moves, at)).toEqual([1, 2]);
    expect(ran).toEqual([1, 2]);
    expect(runDataMoves(db, moves, at)).toEqual([]);
    expect(ran).toEqual([1, 2]);
    expect(db.prepare('SELECT id, name, done_at AS doneAt FROM data_moves ORDER BY id').all()).toEqual([
      { id: 1, name: 'first', doneAt: at() },
      { id: 2, name: 'second', doneAt: at() },
    ]);
  });

  it('a move that did not complete is tried again at the next start, and the ones after it wait', () => {
    const db = openDatabase(':memory:');
    let saved = false;
    const ran: number[] = [];
    const moves: DataMove[] = [
      { id: 1, name: 'into the settings file', run: () => (ran.push(1), saved) },
      { id: 2, name: 'after it', run: () => (ran.push(2), true) },
    ];
    expect(runDataMoves(db, moves, at)).toEqual([]);
    saved = true;
    expect(runDataMoves(db, moves, at)).toEqual([1, 2]);
    expect(ran).toEqual([1, 1, 2]);
  });

  it('refuses ids with a gap', () => {
    const db = openDatabase(':memory:');
    expect(() => runDataMoves(db, [{ id: 2, name: 'x', run: () => true }], at)).toThrow(/1..n without gaps/);
  });
});
