import { describe, expect, it } from 'vitest';
import { labelsOf } from '../../web/src/model/labels.js';
import { foldText, searchLocally } from '../../web/src/model/search.js';

describe('searching the tasks on this device (offline)', () => {
  const tasks = [
    { id: 1, title: 'Crème brûlée for Sunday', description: '' },
    { id: 2, title: 'Call Acme', description: 'about the new contract' },
    { id: 3, title: 'Send the invoice', description: 'to ACME, before Friday' },
  ];

  it('matches every word in the title or description, any letter case and accents, in the given order', () => {
    expect(searchLocally(tasks, 'acme').map((task) => task.id)).toEqual([2, 3]);
    expect(searchLocally(tasks, 'acme contract').map((task) => task.id)).toEqual([2]);
    expect(searchLocally(tasks, 'creme BRULEE').map((task) => task.id)).toEqual([1]);
    expect(searchLocally(tasks, 'friday invoice').map((task) => task.id)).toEqual([3]);
  });

  it('finds nothing for an empty query or a word nobody wrote', () => {
    expect(searchLocally(tasks, '   ')).toEqual([]);
    expect(searchLocally(tasks, 'acme plumber')).toEqual([]);
  });

  it('folds text for comparing', () => {
    expect(foldText('  Crème\tBrûlée  ')).toBe('creme brulee');
  });
});

describe('labels as typed in the forms', () => {
  it('splits at commas, trims, drops a leading # or @, empty ones and repeats, keeping the first spelling', () => {
    expect(labelsOf('home, @Errands ,HOME,, #work ')).toEqual(['home', 'Errands', 'work']);
    expect(labelsOf('')).toEqual([]);
    expect(labelsOf(' , @ ,')).toEqual([]);
  });
});
